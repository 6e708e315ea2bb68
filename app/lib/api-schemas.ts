import { z } from "zod";
import { INVALID_URL_MESSAGE } from "./links";

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

export const linkDetailSchema = publicLinkSchema
  .extend({
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
    fetchMethod: z
      .enum(["plain", "cache", "browser"])
      .nullable()
      .describe("How the page was last fetched: plain (our fetcher), cache (the shared fetch cache: another save's fetch of the same public page, or a 304 revalidation), browser (rendered in a headless browser); null before the first fetch."),
    fetchMs: z.number().int().nullable().describe("That fetch's time in milliseconds (for the cache, the look-up's)."),
    fetchReason: z.string().nullable().describe("Why it was not a plain fetch; null for plain."),
  })
  .meta({ id: "LinkDetail" });

export const linkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
  // The previous page's X-Next-Cursor (opaque); a link id from older clients is still taken.
  before: z.string().max(200, "before must be the cursor of the previous page").optional(),
});

export const addLinkSchema = z.object({ url: z.string({ error: INVALID_URL_MESSAGE }) }).meta({ id: "AddLink" });

export const tagReviewSchema = z
  .object({
    accept: z.array(z.string().min(1).max(40)).max(20).optional(),
    dismiss: z.array(z.string().min(1).max(40)).max(20).optional(),
  })
  .meta({ id: "TagReview" });
