import * as z from "zod";
import { outboundUrlSchema } from "./validation";
import { TAG_MAX_CHARS } from "./links";
import { uniqueTags } from "./tags";

/**
 * Feeds (decision 070), shared by the Feeds settings page and the server: a user's subscriptions
 * to RSS, Atom and JSON feeds, whose new items are saved as links.
 */
export const MAX_FEEDS = 200;
/** A feed's first poll saves only its newest items, so a feed of 500 entries does not flood the library. */
export const FIRST_POLL_ITEMS = 10;
/** A later poll saves at most this many new items (a feed that changed every entry's id at once). */
export const POLL_ITEMS_MAX = 50;
/** Tags a feed gives its items, at most. */
export const FEED_TAGS_MAX = 10;
/** An OPML file to import is this large at most. */
export const OPML_MAX_BYTES = 1024 * 1024;

const feedUrl = outboundUrlSchema("Enter the address of a feed or a site");

const feedTags = z
  .array(z.string({ error: "each tag must be text" }).trim().min(1, "A tag must not be empty.").max(TAG_MAX_CHARS, `A tag is ${TAG_MAX_CHARS} characters at most.`), {
    error: "tags must be a list of tags",
  })
  .max(FEED_TAGS_MAX, `A feed gives ${FEED_TAGS_MAX} tags at most.`)
  .transform((tags) => uniqueTags(tags));

/** Tags typed in one field, split on commas (the page's add form). */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export const subscribeFeedSchema = z.object({ url: feedUrl, tags: feedTags.default([]) }).meta({ id: "SubscribeFeed" });
export type SubscribeFeed = z.infer<typeof subscribeFeedSchema>;

export const feedPatchSchema = z
  .object({
    /** true stops polling it; false resumes, due at once. */
    paused: z.boolean({ error: "paused must be true or false" }).optional(),
    tags: feedTags.optional(),
  })
  .refine((patch) => patch.paused !== undefined || patch.tags !== undefined, "Nothing to change: send paused or tags")
  .meta({ id: "FeedPatch" });
export type FeedPatch = z.infer<typeof feedPatchSchema>;

export const feedSchema = z
  .object({
    id: z.uuid(),
    url: z.string().describe("The feed's own address (found from the site's page when a site was given)."),
    siteUrl: z.string().nullable(),
    title: z.string().nullable(),
    tags: z.array(z.string()),
    paused: z.boolean(),
    /** Why the last poll failed ("HTTP 404", "Not a feed", "Timed out"…); null when it went well. */
    lastError: z.string().nullable(),
    failures: z.number().int().describe("Polls failed in a row; each doubles the wait before the next, from 1 hour up to 24."),
    lastPolledAt: z.iso.datetime().nullable(),
    nextPollAt: z.iso.datetime().nullable().describe("null while paused."),
    itemCount: z.number().int().describe("Links this feed saved to the library."),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Feed" });
export type Feed = z.infer<typeof feedSchema>;

export const feedListSchema = z.object({ feeds: z.array(feedSchema) }).meta({ id: "FeedList" });

export const opmlImportSchema = z
  .object({
    added: z.number().int(),
    existing: z.number().int().describe("Feeds of the file already subscribed to."),
    skipped: z.number().int().describe("Outlines without a usable http(s) feed address, or beyond the limit of feeds."),
  })
  .meta({ id: "OpmlImport" });
export type OpmlImport = z.infer<typeof opmlImportSchema>;
