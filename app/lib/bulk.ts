import type { PublicBulkOperation } from "./bulk-schemas";
import { parseLinkFilter } from "./link-filter";
import type { LinkFilter } from "./link-filter-schema";

export type { BulkRequest, PublicBulkOperation } from "./bulk-schemas";

/**
 * Bulk actions over many links (batchProcessing): the request and answer shapes that the route,
 * the OpenAPI document and the dashboard's toolbar share.
 */
export const BULK_ACTIONS = ["reenrich", "retry", "add-tag", "remove-tag", "share", "unshare", "delete", "restore", "export", "mark-read", "mark-unread", "archive", "unarchive"] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** The most links one request may name, or select by filter. */
export const MAX_BULK_IDS = 10_000;

export const BULK_ACTION_LABELS: Record<BulkActionName, string> = {
  reenrich: "Re-enrich",
  retry: "Retry",
  "add-tag": "Add tag",
  "remove-tag": "Remove tag",
  share: "Share",
  unshare: "Unshare",
  delete: "Delete",
  restore: "Restore",
  export: "Export",
  "mark-read": "Mark read",
  "mark-unread": "Mark unread",
  archive: "Archive",
  unarchive: "Unarchive",
};

/** A bulk delete of more links than this (a screenful: the dashboard's page) asks first, saying how many. */
export const CONFIRM_DELETE_OVER = 50;

/**
 * The question before a bulk delete of `count` links (null: "all matching", not counted yet), or
 * null when it is small enough to run at once (Undo and Recently deleted bring it back anyway).
 */
export function deleteConfirmation(count: number | null): { title: string; confirmLabel: string } | null {
  if (count !== null && count <= CONFIRM_DELETE_OVER) return null;
  if (count === null) return { title: "Delete all matching links?", confirmLabel: "Delete all matching links" };
  const links = `${count.toLocaleString("en")} links`;
  return { title: `Delete ${links}?`, confirmLabel: `Delete ${links}` };
}

/**
 * The dashboard's search (URL parameters) as the filter "select all matching" sends; null when it
 * is not valid. Read without zod (parseLinkFilter), so the dashboard's first load has none (decision 072).
 */
export function bulkFilter(search: Partial<Record<string, string>>): LinkFilter | null {
  const { sort: _sort, ...fields } = search;
  return parseLinkFilter(fields);
}


/** The sentence a finished operation ends with, for the toolbar's status and the API's readers. */
export function bulkSummary(op: Pick<PublicBulkOperation, "action" | "done" | "failed" | "skipped" | "tag" | "status" | "error">): string {
  if (op.status === "failed") return op.error ?? "The bulk action failed.";
  const links = (n: number) => `${n.toLocaleString("en")} link${n === 1 ? "" : "s"}`;
  const verb: Record<BulkActionName, string> = {
    reenrich: "queued for enrichment",
    retry: "queued again",
    "add-tag": `tagged #${op.tag ?? ""}`,
    "remove-tag": `untagged #${op.tag ?? ""}`,
    share: "shared",
    unshare: "made private",
    delete: "deleted",
    restore: "restored",
    export: "exported",
    "mark-read": "marked read",
    "mark-unread": "marked unread",
    archive: "archived",
    unarchive: "back in the library",
  };
  const parts = [`${links(op.done)} ${verb[op.action]}`];
  if (op.skipped) parts.push(`${op.skipped.toLocaleString("en")} unchanged`);
  // A re-enrichment's or retry's only failure is the allowance running out: the rest stay as they were.
  if (op.failed) parts.push(op.action === "reenrich" || op.action === "retry" ? `${op.failed.toLocaleString("en")} not queued (no enrichment left this month)` : `${op.failed.toLocaleString("en")} failed`);
  return `${parts.join(", ")}.`;
}
