/**
 * How a link filter's dates are read, shared by the schema (which checks them) and the
 * repository (which queries with them). No zod here: the dashboard imports it.
 */

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
