import * as z from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { DOMAIN, parseFilterDate, savedRange } from "./link-filter";
import { READ_STATES, TAG_MAX_CHARS } from "./links";
import { LINK_STATUSES } from "./vocabulary";

/**
 * What narrows a list of links, as a zod schema (GET /api/links, bulk actions' "all matching", the
 * dashboard's search; the browser reads it with parseLinkFilter in link-filter.ts, which a test
 * holds to the same answers, so the dashboard loads no zod). Apart from app/lib/api-schemas.ts, which
 * re-exports it for the OpenAPI document, so the bulk API's schemas need not import the API's hundreds.
 */

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

/**
 * What narrows a list of links: the list (GET /api/links), "select all matching" of bulk actions
 * and the dashboard's search share it. Every field is optional and they combine with AND.
 */
export const linkFilterShape = {
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
    .max(TAG_MAX_CHARS, `tag is too long (${TAG_MAX_CHARS} characters at most)`)
    .optional()
    .describe("Only links with this tag (exact, as shown on the link)."),
  status: z
    .enum(LINK_STATUSES, { error: `status must be one of ${LINK_STATUSES.join(", ")}` })
    .optional().describe("Only links in this status: pending (Processing), enriched, error (Failed) or unenriched (Not enriched)."),
  category: z.enum(CATEGORY_SLUGS, { error: `category must be one of ${CATEGORY_SLUGS.join(", ")}` }).optional().describe("Only links the enrichment put in this category."),
  domain: z
    .string({ error: "domain must be a host name like example.com" })
    .trim()
    .toLowerCase()
    .regex(DOMAIN, "domain must be a host name like example.com")
    .optional()
    .describe("Only links on this host or its subdomains (example.com also matches www.example.com)."),
  state: z
    .enum(READ_STATES, { error: `state must be one of ${READ_STATES.join(", ")}` })
    .optional()
    .describe("Read state: unread or read (the library's links not read yet, or read), archived (only archived links) or all (archived ones too). Without it, archived links are left out."),
  duplicates: z
    .stringbool({ error: "duplicates must be true or false" })
    .optional()
    .describe(
      "true: only possible duplicates, links sharing an address (the page's canonical URL, else the saved one, normalised) or a title (case and spaces aside) with another of the user's links, grouped so each group's links come together (groups by their newest link, newest first; each row's `duplicate` says its group and why). sort does not apply.",
    ),
  from: dateParam("from", "Only links saved at or after this day (UTC) or instant."),
  to: dateParam("to", "Only links saved on or before this day (UTC, the whole day) or before this instant."),
};

export function checkRange(value: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  const range = savedRange(value);
  if (range.from && range.to && range.from >= range.to) ctx.addIssue({ code: "custom", message: "from must be before to", path: ["from"] });
}

export const linkFilterSchema = z.object(linkFilterShape).superRefine(checkRange).meta({ id: "LinkFilter" });
export type LinkFilter = z.output<typeof linkFilterSchema>;
