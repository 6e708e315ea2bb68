import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { parseFilterDate, savedRange } from "./link-filter";
import { INVALID_URL_MESSAGE, NOTES_MAX_CHARS } from "./links";

/**
 * Zod schemas of the public JSON API that both a route and the OpenAPI document use: the route
 * validates with them, app/server/api/openapi.server.ts turns them into the document (decision
 * 024). `.meta({ id })` names a schema in the document's components.
 */

export const messageSchema = z.object({ message: z.string() }).meta({ id: "Message", description: "Every error, and some confirmations." });

export const linkStatusSchema = z
  .enum(["pending", "enriched", "error", "unenriched"])
  .meta({ id: "LinkStatus", description: "pending shows as Processing, error as Failed, unenriched (an imported link the plan or allowance did not reach) as Not enriched." });

export const publicLinkSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    favicon: z.string().nullable().describe("A path on our origin (/favicons/{key}) or null."),
    tags: z.array(z.string()),
    status: linkStatusSchema,
    enrichedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    savedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    error: z.string().nullable(),
  })
  .meta({ id: "Link" });

export const listedLinkSchema = publicLinkSchema
  .extend({
    highlight: z
      .object({
        title: z.string().nullable().describe("The title as HTML: escaped, with <mark> around the matches; null when it has none."),
        snippet: z.string().nullable().describe("A passage of the description, summary, notes or page text, the same way; null when none matches."),
      })
      .optional()
      .describe("With q only: where the search matched."),
  })
  .meta({ id: "ListedLink" });

export const linkDetailSchema = publicLinkSchema
  .extend({
    notes: z.string().nullable().describe("The owner's own notes (searchable)."),
    summary: z.string().nullable(),
    codeSnippets: z.array(z.object({ language: z.string(), code: z.string() })),
    readingMinutes: z.number().nullable(),
    language: z.string().nullable(),
    canonicalUrl: z.string().nullable(),
    engine: z.string().nullable(),
    category: z.string().nullable(),
    tagSuggestions: z.array(z.string()),
    byline: z.string().nullable(),
    publishedAt: z.iso.datetime().nullable(),
    siteName: z.string().nullable(),
    leadImage: z.string().nullable().describe("A path on our origin (/lead-images/{key}) or null."),
  })
  .meta({ id: "LinkDetail" });

const dateMessage = (name: string) => `${name} must be a date (YYYY-MM-DD) or a date-time with its offset (2026-01-31T18:00:00Z)`;

/** A day (the whole day, in UTC) or an instant; the text is kept, app/lib/link-filter.ts reads it. */
function dateParam(name: string, description: string) {
  return z
    .string({ error: dateMessage(name) })
    .trim()
    .refine((value) => parseFilterDate(value) !== undefined, { error: dateMessage(name) })
    .optional()
    .describe(description);
}

/** A host name as typed: lower case, no scheme, path or port (a leading www. is kept as typed). */
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * What narrows a list of links: the list (GET /api/links), "select all matching" of bulk actions
 * and the dashboard's search share it. Every field is optional and they combine with AND.
 */
const linkFilterShape = {
  q: z
    .string({ error: "q must be text" })
    .trim()
    .max(500, "q is too long (500 characters at most)")
    .optional()
    .describe('Full-text search with web-search syntax: words (all must match), "a phrase", -excluded, either OR other. Empty means no search.'),
  tag: z
    .string({ error: "tag must be text" })
    .trim()
    .min(1, "tag must not be empty")
    .max(40, "tag is too long (40 characters at most)")
    .optional()
    .describe("Only links with this tag (exact, as shown on the link)."),
  status: z
    .enum(linkStatusSchema.options, { error: `status must be one of ${linkStatusSchema.options.join(", ")}` })
    .optional().describe("Only links in this status: pending (Processing), enriched, error (Failed) or unenriched (Not enriched)."),
  category: z.enum(CATEGORY_SLUGS, { error: `category must be one of ${CATEGORY_SLUGS.join(", ")}` }).optional().describe("Only links the enrichment put in this category."),
  domain: z
    .string({ error: "domain must be a host name like example.com" })
    .trim()
    .toLowerCase()
    .regex(DOMAIN, "domain must be a host name like example.com")
    .optional()
    .describe("Only links on this host or its subdomains (example.com also matches www.example.com)."),
  from: dateParam("from", "Only links saved at or after this day (UTC) or instant."),
  to: dateParam("to", "Only links saved on or before this day (UTC, the whole day) or before this instant."),
};

function checkRange(value: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  const range = savedRange(value);
  if (range.from && range.to && range.from >= range.to) ctx.addIssue({ code: "custom", message: "from must be before to", path: ["from"] });
}

export const linkFilterSchema = z.object(linkFilterShape).superRefine(checkRange).meta({ id: "LinkFilter" });
export type LinkFilter = z.output<typeof linkFilterSchema>;
export type LinkSort = z.output<typeof linkSortSchema>;

export const linkSortSchema = z
  .enum(["date", "relevance"], { error: "sort must be date or relevance" })
  .default("date")
  .describe("date: newest saved first. relevance: best match first (only with q; without q it is date).");

export const linkListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
    // The previous page's X-Next-Cursor (opaque); a link id from older clients is still taken.
    before: z.string().max(200, "before must be the cursor of the previous page").optional(),
    ...linkFilterShape,
    sort: linkSortSchema,
  })
  .superRefine(checkRange);

export const linkNotesSchema = z
  .object({
    notes: z
      .string({ error: "notes must be text (or null to remove them)" })
      .max(NOTES_MAX_CHARS, `Notes are too long (${NOTES_MAX_CHARS.toLocaleString("en-US")} characters at most).`)
      .nullable(),
  })
  .meta({ id: "LinkNotes" });

export const addLinkSchema = z.object({ url: z.string({ error: INVALID_URL_MESSAGE }) }).meta({ id: "AddLink" });

export const tagReviewSchema = z
  .object({
    accept: z.array(z.string().min(1).max(40)).max(20).optional(),
    dismiss: z.array(z.string().min(1).max(40)).max(20).optional(),
  })
  .meta({ id: "TagReview" });
