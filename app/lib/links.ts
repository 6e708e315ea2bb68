/** Link rules shared by the add form and the API, so both refuse the same input with the same words. */
import type * as z from "zod";
import type { linkDetailSchema, linkStatsSchema, listedLinkSchema, recentlyDeletedLinkSchema, usageSchema } from "./api-schemas";
import type { LinkStatus } from "./vocabulary";

export const INVALID_URL_MESSAGE = "Enter a valid URL starting with http:// or https://";
export const MAX_URL_LENGTH = 2048;

// C0 and C1 controls and DEL: Postgres cannot store a NUL, and browsers silently drop tabs and
// newlines, so "/\t/evil.test" would become "//evil.test".
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function isValidLinkUrl(value: string): boolean {
  const url = value.trim();
  if (CONTROL_CHARACTERS.test(url)) return false;
  if (url.length === 0 || url.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Query parameters that say where a click came from, never which page it is: removed when a
 * link is saved, so a page shared with campaign tags is not saved twice under two URLs.
 */
const TRACKING_PARAMS = new Set([
  "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid", "igshid", "srsltid",
  "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok", "li_fat_id", "oly_anon_id", "oly_enc_id",
  "vero_conv", "vero_id", "wickedid", "rb_clickid", "ck_subscriber_id", "s_cid", "ref_src", "ref_url",
]);
const TRACKING_PREFIXES = ["utm_", "hsa_", "pk_", "mtm_"];

export function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return TRACKING_PARAMS.has(key) || TRACKING_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * The URL without tracking parameters. Returned as given when it has none, so a saved URL keeps
 * its exact spelling; assumes a URL isValidLinkUrl accepted.
 */
export function stripTrackingParams(value: string): string {
  const url = new URL(value.trim());
  const names = [...new Set(url.searchParams.keys())].filter(isTrackingParam);
  if (names.length === 0) return value.trim();
  for (const name of names) url.searchParams.delete(name);
  return url.toString();
}

/** One page, one row: lower-case scheme and host, no fragment, no default port, no tracking parameters. */
export function normalizeUrl(value: string): string {
  const url = new URL(stripTrackingParams(value));
  url.hash = "";
  url.hostname = url.hostname.toLowerCase();
  if ((url.protocol === "http:" && url.port === "80") || (url.protocol === "https:" && url.port === "443")) url.port = "";
  return url.toString();
}

/** A page's canonical URL (its <link rel=canonical> or og:url) as a saved URL's key: null unless http(s). */
export function canonicalKey(value: string | null): string | null {
  if (value === null || !isValidLinkUrl(value)) return null;
  try {
    return normalizeUrl(value);
  } catch {
    return null;
  }
}

/** What the API and the add form say when the address is already saved (decision 053). */
export const ALREADY_SAVED_MESSAGE = "Already in your library.";
/** Saving an archived page again is asking for it back in the list (its read state stays). */
export const ALREADY_SAVED_UNARCHIVED_MESSAGE = "Already in your library; it was archived and is back in your list.";
export const IN_TRASH_MESSAGE = "This link is in Recently deleted. Restore it to bring back its notes, tags and results.";

export type { LinkStatus };

/** In search results, `highlight` says where the search matched (ListedLink in the API document). */
export type PublicLink = z.infer<typeof listedLinkSchema>;

export type LinkDetail = z.infer<typeof linkDetailSchema>;

export type { FetchMethod } from "./vocabulary";

/** "Fetched in 120 ms", "From the shared cache", for the link's details. */
export function fetchLabel(detail: Pick<LinkDetail, "fetchMethod" | "fetchMs">): string {
  const time = detail.fetchMs === null ? "" : ` in ${detail.fetchMs} ms`;
  if (detail.fetchMethod === "cache") return `From the shared cache${time}`;
  if (detail.fetchMethod === "browser") return `Rendered in a browser${time}`;
  if (detail.fetchMethod === "plain") return `Fetched${time}`;
  if (detail.fetchMethod === "capture") return "Read from the page as you saw it (browser extension)";
  return "";
}

/** The dashboard's Statistics: counted over all of the user's links, not the loaded page. */
export type LinkStats = z.infer<typeof linkStatsSchema>;

/** The longest notes a link takes (PATCH /api/links/{id}). */
export const NOTES_MAX_CHARS = 10_000;
/** A title the user gives; a tag, and how many a link has, as the user edits them. */
export const TITLE_MAX_CHARS = 300;
export const TAG_MAX_CHARS = 50;
export const TAGS_MAX = 50;

/** Links per page on the dashboard (Load more asks for the next one). */
export const LINKS_PAGE_SIZE = 50;
/** How long the dashboard offers Undo after a delete (the server keeps the link restorable far longer). */
export const UNDO_MS = 8_000;

/** A deleted link in Recently deleted, with when it goes for good (GET /api/links/deleted). */
export type RecentlyDeletedLink = z.infer<typeof recentlyDeletedLinkSchema>;

/** Rows per page of Recently deleted. */
export const RECENTLY_DELETED_PAGE_SIZE = 50;

/** How long deleted links are kept, in words: "30 days", "1 day", "12 hours", "10 minutes". */
export function keptForLabel(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
  ];
  for (const [size, unit] of units) {
    if (ms >= size) {
      const n = Math.floor(ms / size);
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }
  const seconds = Math.max(1, Math.floor(ms / 1000));
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}
/** Cards per page on the Enrichments tab. */
export const ENRICHMENTS_PAGE_SIZE = 20;

/**
 * Read state (decision 056) as the list filters by it (`state`): unread and read are the library's
 * links (not archived) not yet read or read; archived, the archived ones; all, every link. Without
 * `state` the list is the library: archived links are out of it.
 */
export const READ_STATES = ["unread", "read", "archived", "all"] as const;
export type ReadState = (typeof READ_STATES)[number];
export const READ_STATE_LABELS: Record<ReadState, string> = { unread: "Unread", read: "Read", archived: "Archived", all: "Archived too" };

export const STATUS_LABELS: Record<LinkStatus, string> = {
  pending: "Processing",
  enriched: "Enriched",
  error: "Failed",
  unenriched: "Not enriched",
};

export type Usage = z.infer<typeof usageSchema>;

/**
 * Green up to 60%, yellow above 60%, red above 80% (spec section 9); but pack credits are what is
 * left after the allowance, so the quota is exceeded (and the bar red) only when none remain.
 * `note` is what the meter says beside the bar, null when there is nothing to say.
 */
export function usageLevel(usage: Pick<Usage, "used" | "limit" | "credits">): {
  percent: number;
  tone: "green" | "yellow" | "red";
  exceeded: boolean;
  note: string | null;
} {
  if (usage.limit === null) return { percent: 0, tone: "green", exceeded: false, note: null };
  const percent = usage.limit === 0 ? 100 : Math.round((usage.used / usage.limit) * 100);
  const allowanceUsed = percent >= 100;
  const exceeded = allowanceUsed && usage.credits <= 0;
  const byPercent = percent > 80 ? "red" : percent > 60 ? "yellow" : "green";
  const tone = usage.credits > 0 && byPercent === "red" ? "yellow" : byPercent;
  const note = exceeded
    ? "Quota exceeded"
    : allowanceUsed
      ? `Monthly allowance used · ${usage.credits} pack ${usage.credits === 1 ? "credit" : "credits"} left`
      : null;
  return { percent: usage.limit === 0 ? 0 : percent, tone, exceeded, note };
}
