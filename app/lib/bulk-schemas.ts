import * as z from "zod";
import { BULK_ACTIONS, MAX_BULK_IDS } from "./bulk";
import { EXPORT_FORMATS } from "./imports";
import { linkFilterSchema } from "./link-filter-schema";

/**
 * The bulk API's request and answer schemas (the route and the OpenAPI document). Apart from
 * app/lib/bulk.ts, which the dashboard's toolbar imports: building schemas is work the page's
 * start-up would pay for nothing (decision 061).
 */

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
