import * as z from "zod";
import { linkFilterSchema } from "./api-schemas";
import { EXPORT_FORMATS } from "./imports";

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

/** A tag as links carry it: short, no surrounding spaces (kept as typed). */
export const bulkTagSchema = z
  .string({ error: "tag must be a string" })
  .trim()
  .min(1, "tag must not be empty")
  .max(40, "tag is at most 40 characters")
  .regex(/^[^,\s#][^,]*$/, "tag must not start with # or a space, nor contain a comma");

export const bulkRequestSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(", ")}` }),
    ids: z
      .array(z.string().max(100), { error: "ids must be a list of link ids" })
      .min(1, "ids must name at least one link")
      .max(MAX_BULK_IDS, `ids names at most ${MAX_BULK_IDS.toLocaleString("en")} links`)
      .optional(),
    /** The dashboard's current search and filters (`{}`: every link), resolved when asked. */
    filter: linkFilterSchema.optional(),
    /** restore: the bulk delete to undo, instead of ids. */
    undo: z.uuid({ error: "undo must be the id of a bulk delete" }).optional(),
    tag: bulkTagSchema.optional(),
    format: z.enum(EXPORT_FORMATS, { error: "format must be json, html or markdown" }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const selections = [body.ids, body.filter, body.undo].filter((value) => value !== undefined).length;
    if (selections !== 1) ctx.addIssue({ code: "custom", message: "Give exactly one of ids, filter (or undo, for restore)." });
    if (body.undo !== undefined && body.action !== "restore") ctx.addIssue({ code: "custom", message: "undo goes with the restore action only." });
    const tagged = body.action === "add-tag" || body.action === "remove-tag";
    if (tagged && body.tag === undefined) ctx.addIssue({ code: "custom", message: `${body.action} needs a tag.` });
    if (!tagged && body.tag !== undefined) ctx.addIssue({ code: "custom", message: "tag goes with add-tag or remove-tag only." });
    if (body.format !== undefined && body.action !== "export") ctx.addIssue({ code: "custom", message: "format goes with the export action only." });
  })
  .meta({ id: "BulkRequest", description: "One action over the links named by ids, or by a filter resolved when asked (a snapshot)." });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** The dashboard's search (URL parameters) as the filter "select all matching" sends; null when it is not valid. */
export function bulkFilter(search: Partial<Record<string, string>>): z.output<typeof linkFilterSchema> | null {
  const { sort: _sort, ...fields } = search;
  const parsed = linkFilterSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

export const linkCountSchema = z
  .object({ count: z.number().int().describe("The user's links the filter matches (every live link without one): what \"select all\" acts on.") })
  .meta({ id: "LinkCount" });

export const bulkOperationSchema = z
  .object({
    id: z.uuid(),
    action: z.enum(BULK_ACTIONS),
    status: z.enum(["running", "done", "failed"]),
    tag: z.string().nullable(),
    total: z.number().int(),
    done: z.number().int().describe("Links the action was applied to."),
    failed: z.number().int().describe("Links it could not be applied to (no enrichment left, gone)."),
    skipped: z.number().int().describe("Links it did not apply to (a retry of a link that had not failed, a tag already there)."),
    error: z.string().nullable(),
    exportUrl: z.string().nullable().describe("export: where the selection downloads, streamed."),
    undoUntil: z.iso.datetime().nullable().describe("delete: until when POST /api/links/bulk {action: restore, undo: id} brings them back."),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "BulkOperation" });
export type PublicBulkOperation = z.infer<typeof bulkOperationSchema>;

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
