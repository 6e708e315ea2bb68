/**
 * How a link filter's dates are read, shared by the schema (which checks them) and the
 * repository (which queries with them). No zod here: the dashboard imports it.
 */
import { CATEGORY_SLUGS } from "./categories";
import type { LinkFilter } from "./link-filter-schema";
import { READ_STATES, TAG_MAX_CHARS } from "./links";
import { LINK_STATUSES } from "./vocabulary";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// An ISO date-time with its offset (Z or ±hh:mm), as zod's z.iso.datetime({ offset: true }) takes it.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A day's start in UTC, or the instant; undefined when the text is neither. */
export function parseFilterDate(value: string): { at: Date; day: boolean } | undefined {
  const day = DAY.exec(value);
  if (day) {
    const at = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    // 2026-02-30 is not a day (Date.UTC would roll it over to March).
    if (at.getUTCFullYear() !== Number(day[1]) || at.getUTCMonth() !== Number(day[2]) - 1 || at.getUTCDate() !== Number(day[3])) return undefined;
    return { at, day: true };
  }
  if (!INSTANT.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : { at, day: false };
}

const DAY_MS = 86_400_000;

/**
 * The saved_at range a filter's `from`/`to` mean: `from` inclusive; `to` exclusive, where a
 * day means up to the end of that day (to=2026-01-31 takes all of the 31st).
 */
export function savedRange(filter: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const from = filter.from === undefined ? undefined : parseFilterDate(filter.from);
  const to = filter.to === undefined ? undefined : parseFilterDate(filter.to);
  return {
    from: from?.at,
    to: to ? (to.day ? new Date(to.at.getTime() + DAY_MS) : to.at) : undefined,
  };
}

/**
 * Best match (sort=relevance) ranks at most this many of a search's matches, its newest; older
 * matches follow them, newest first (decision 031, amendment "relevance ranks the newest 500 matches").
 */
export const RANKED_MATCHES = 500;

/** A host name as typed: lower case, no scheme, path or port (a leading www. is kept as typed). */
export const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

// zod's stringbool, as link-filter-schema.ts's `duplicates` reads it (case aside).
const TRUE = new Set(["true", "1", "yes", "on", "y", "enabled"]);
const FALSE = new Set(["false", "0", "no", "off", "n", "disabled"]);

/**
 * linkFilterSchema's answer without zod, for the browser (the dashboard's "select all matching"):
 * the filter, or null where the schema would refuse it. The server parses what it is sent with the
 * schema itself; a unit test holds the two to the same answers (link-filter.test.ts).
 */
export function parseLinkFilter(fields: Partial<Record<string, unknown>>): LinkFilter | null {
  const filter: LinkFilter = {};
  const text = (key: string) => {
    const value = fields[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw new Error(key);
    return value;
  };
  const oneOf = <T extends string>(key: string, values: readonly T[]) => {
    const value = text(key);
    if (value !== undefined && !values.includes(value as T)) throw new Error(key);
    return value as T | undefined;
  };
  try {
    const q = text("q")?.trim();
    if (q !== undefined && q.length > 500) return null;
    const tag = text("tag")?.trim();
    if (tag !== undefined && (tag.length < 1 || tag.length > TAG_MAX_CHARS)) return null;
    const domain = text("domain")?.trim().toLowerCase();
    if (domain !== undefined && !DOMAIN.test(domain)) return null;
    const duplicates = text("duplicates")?.toLowerCase();
    if (duplicates !== undefined && !TRUE.has(duplicates) && !FALSE.has(duplicates)) return null;
    const from = text("from")?.trim();
    const to = text("to")?.trim();
    if ((from !== undefined && !parseFilterDate(from)) || (to !== undefined && !parseFilterDate(to))) return null;
    const entries = {
      q,
      tag,
      status: oneOf("status", LINK_STATUSES),
      category: oneOf("category", CATEGORY_SLUGS),
      domain,
      state: oneOf("state", READ_STATES),
      duplicates: duplicates === undefined ? undefined : TRUE.has(duplicates),
      from,
      to,
    };
    for (const [key, value] of Object.entries(entries)) if (value !== undefined) (filter as Record<string, unknown>)[key] = value;
  } catch {
    return null;
  }
  const range = savedRange(filter);
  if (range.from && range.to && range.from >= range.to) return null;
  return filter;
}
