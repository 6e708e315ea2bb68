import { useNavigate } from "@remix-run/react";
import { Suspense, memo, useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { DashboardView } from "~/lib/library";
import type { PublicLink } from "~/lib/links";
import { isTyping, listCommand } from "~/lib/list-keys";
import { KeysDialog } from "./keys-dialog";
import { LinkCard } from "./link-card";
import type { LinkItemProps } from "./link-actions";
import { LinkRow, linkDetailPath, type RowSelection } from "./link-row";

/** Opens a link's detail beside the list (or as its page on a phone), keeping the search in the address. */
export function useOpenLink() {
  const navigate = useNavigate();
  return useCallback(
    (link: Pick<PublicLink, "id">, focus?: "tags") =>
      // The search lives in the real address (replaceState), not in the router's: read it there.
      navigate(`${linkDetailPath(link.id)}${window.location.search}`, { state: focus ? { focus } : null, preventScrollReset: true }),
    [navigate],
  );
}

/**
 * One row or card (decision 061). Drawn again only when its own props change, so the page's other
 * updates (the sidebar's tags arriving, the usage meter, a count) do not redraw 50 rows; and each
 * sits in its own Suspense boundary, which React hydrates after the page, in short slices, rather
 * than in one long task with the rest (a press on a row before that hydrates it at once).
 */
const ListItem = memo(function ListItem({ view, ...props }: LinkItemProps & { view: DashboardView }) {
  const Item = view === "cards" ? LinkCard : LinkRow;
  return (
    <Suspense fallback={null}>
      <Item {...props} />
    </Suspense>
  );
});

/** A row or a card: the list's items carry their link's id. */
const ITEM = "[data-link-id]";
const rowOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(ITEM) : null);

/**
 * The saved links as one keyboard widget (decision 052), drawn as rows (List) or cards (Cards)
 * with the same keys, menu and selection: a single Tab stop (the last item used, else the
 * first), arrows or j/k move (in reading order in the cards' grid), Home/End, Enter opens, x
 * selects, `.` opens the item's menu, `?` lists the keys. Keys typed in a field are the field's.
 */
export function LinkList({
  links,
  view = "list",
  label,
  busy,
  currentId,
  selectionFor,
  onChange,
  onDelete,
  onTag,
}: {
  links: PublicLink[];
  view?: DashboardView;
  label: string;
  busy?: boolean;
  /** The link whose detail is open. */
  currentId?: string;
  selectionFor?: (link: PublicLink) => RowSelection;
  onChange: (link: PublicLink) => void;
  onDelete: (link: PublicLink) => void;
  onTag?: (tag: string) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const open = useOpenLink();
  // The items get callbacks that never change (the latest ones are called), so they stay memoised.
  const latest = useRef({ onChange, onDelete, onTag });
  latest.current = { onChange, onDelete, onTag };
  const change = useCallback((link: PublicLink) => latest.current.onChange(link), []);
  const remove = useCallback((link: PublicLink) => latest.current.onDelete(link), []);
  const tag = useCallback((name: string) => latest.current.onTag?.(name), []);
  // The Tab stop: the row last used while it is shown, else the open one, else the first.
  const stop = links.some((link) => link.id === active) ? active : links.some((link) => link.id === currentId) ? currentId : links[0]?.id;

  // `?` anywhere on the page (not in a field, not over another dialog) lists the keys.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      setHelpOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const id = rowOf(event.target)?.dataset.linkId;
    if (id) setActive(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.defaultPrevented || isTyping(event.target)) return;
    const command = listCommand(event);
    if (!command || command === "help") return;
    const rows = [...(list.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
    const row = rowOf(event.target);
    const index = row ? rows.indexOf(row) : rows.findIndex((r) => r.dataset.linkId === stop);
    if (index < 0) return;
    const link = links.find((l) => l.id === rows[index]!.dataset.linkId);
    event.preventDefault();
    const moveTo = (next: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, next))]!;
      setActive(target.dataset.linkId!);
      target.querySelector<HTMLElement>("[data-row-link]")?.focus();
    };
    switch (command) {
      case "next":
        return moveTo(index + 1);
      case "previous":
        return moveTo(index - 1);
      case "first":
        return moveTo(0);
      case "last":
        return moveTo(rows.length - 1);
      case "select":
      case "select-range": {
        const selection = link && selectionFor?.(link);
        selection?.onToggle(!selection.checked, command === "select-range");
        return;
      }
      case "menu":
        rows[index]!.querySelector<HTMLButtonElement>('[data-testid="row-menu-button"]')?.click();
        return;
    }
  };

  return (
    <>
      <ul
        ref={list}
        className={
          view === "cards"
            ? "grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
            : "divide-y divide-slate-200 overflow-visible rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        }
        aria-label={label}
        aria-busy={busy}
        aria-describedby="link-list-keys"
        data-testid="link-list"
        data-view={view}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {links.map((link) => (
          <ListItem
            key={link.id}
            view={view}
            link={link}
            tabStop={link.id === stop}
            current={link.id === currentId}
            onOpen={open}
            onChange={change}
            onDelete={remove}
            onTag={onTag ? tag : undefined}
            selection={selectionFor?.(link)}
          />
        ))}
      </ul>
      <p id="link-list-keys" className="sr-only">
        Arrow keys or j and k move between links, Enter opens one, x selects it, period opens its actions, question mark lists every key.
      </p>
      <KeysDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
