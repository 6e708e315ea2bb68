import type { RefObject } from "react";
import { useNavigate } from "@remix-run/react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { UNDO_MS, type PublicLink } from "~/lib/links";
import { useToast } from "../toast";
import { cx } from "../ui";
import type { RowMenuItem } from "./row-menu";

/** A link's bulk-selection checkbox: `onToggle` hears whether Shift was held (a range). */
export interface RowSelection {
  checked: boolean;
  onToggle: (checked: boolean, shiftKey: boolean) => void;
}

/** What a row or a card does with its link, given by the list (LinkList) to both. */
export interface LinkItemProps {
  link: PublicLink;
  onChange: (link: PublicLink) => void;
  onDelete: (link: PublicLink) => void;
  /** Opens the link's detail (`focus: "tags"` for the menu's Edit tags). */
  onOpen: (link: PublicLink, focus?: "tags") => void;
  selection?: RowSelection;
  /** Filters the list by a tag the reader clicks. */
  onTag?: (tag: string) => void;
  /** The list's roving Tab stop (decision 052): only this item's title is in the Tab order. */
  tabStop?: boolean;
  /** Its detail is open beside the list. */
  current?: boolean;
}

/**
 * The ⋯ menu's items for a link, the same for a row and a card: Read and Share (enriched), Retry (failed)
 * or Enrich (not enriched), Edit tags, Mark read/unread, Archive/Unarchive, Delete. `titleLink` keeps the focus on the item after a
 * retry, which redraws it as Processing.
 */
export function useLinkActions({ link, onChange, onDelete, onOpen }: Pick<LinkItemProps, "link" | "onChange" | "onDelete" | "onOpen">, titleLink: RefObject<HTMLElement>): RowMenuItem[] {
  const toast = useToast();
  const navigate = useNavigate();

  async function retry() {
    try {
      onChange(await apiFetch<PublicLink>(`/api/links/${link.id}/retry`, { method: "POST" }));
      // Retry (or Enrich) goes as the link turns Processing: the focus stays on the item, not the page's start.
      titleLink.current?.focus();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Retry failed. Please try again", "error");
    }
  }

  /** The user's read state (decision 056): PATCH /api/links/{id}, the list follows (an archived item leaves the library). */
  async function setReadState(change: { read: boolean } | { archived: boolean }) {
    try {
      onChange(await apiFetch<PublicLink>(`/api/links/${link.id}`, { method: "PATCH", body: change }));
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not change the link. Please try again", "error");
      return;
    }
    if ("read" in change) {
      titleLink.current?.focus();
      return;
    }
    // The item may have left the view: the toast's Undo takes the focus.
    toast.show(change.archived ? "Link archived." : "Link back in the library.", "info", {
      durationMs: UNDO_MS,
      focusAction: true,
      action: { label: "Undo", onAction: () => void setReadState({ archived: !change.archived }) },
    });
  }

  async function share() {
    try {
      const { shareUrl } = await apiFetch<{ shareUrl: string }>(`/api/links/${link.id}/share`, { method: "POST" });
      await navigator.clipboard?.writeText(shareUrl).catch(() => undefined);
      toast.show(`Public link copied: ${shareUrl}`, "success");
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not share the link. Please try again", "error");
    }
  }

  return [
    ...(link.status === "enriched" ? [{ label: "Read", onSelect: () => navigate(`/links/${link.id}/read`) }] : []),
    ...(link.status === "enriched" ? [{ label: "Share", onSelect: share }] : []),
    ...(link.status === "error" ? [{ label: "Retry", onSelect: retry }] : []),
    ...(link.status === "unenriched" ? [{ label: "Enrich", onSelect: retry }] : []),
    { label: "Edit tags", onSelect: () => onOpen(link, "tags") },
    { label: link.readAt === null ? "Mark read" : "Mark unread", onSelect: () => void setReadState({ read: link.readAt === null }) },
    { label: link.archivedAt === null ? "Archive" : "Unarchive", onSelect: () => void setReadState({ archived: link.archivedAt === null }) },
    { label: "Delete", onSelect: () => onDelete(link), danger: true },
  ];
}

/** The bulk-selection checkbox of a row or a card: out of the Tab order (x selects from the keyboard). */
export function SelectBox({ selection, name, linkId, className }: { selection: RowSelection; name: string; linkId: string; className?: string }) {
  return (
    // The label is a larger target for a finger.
    <label className={cx("flex h-7 w-7 shrink-0 cursor-pointer items-center justify-center", className)}>
      <input
        type="checkbox"
        tabIndex={-1}
        checked={selection.checked}
        // onClick, not onChange: it carries the Shift key for a range.
        onClick={(event) => selection.onToggle(event.currentTarget.checked, event.shiftKey)}
        onChange={() => undefined}
        aria-label={`Select ${name}`}
        data-select-link={linkId}
        className="h-4 w-4 cursor-pointer accent-brand-600"
      />
    </label>
  );
}

/** Opens a link's detail from its title on a plain click (a modified click keeps the browser's meaning). */
export function openOnPlainClick(event: React.MouseEvent<HTMLAnchorElement>, open: () => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  open();
}
