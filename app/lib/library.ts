/**
 * The dashboard's library (decision 051): its views, the sidebar's saved searches and tags, and
 * how its numbers are written. No zod here: the dashboard's bundle stays small (the schemas are in
 * api-schemas.ts).
 */

/** How the list is drawn: dense rows, or cards with the lead image. Remembered per user. */
export const DASHBOARD_VIEWS = ["list", "cards"] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];
export const DASHBOARD_VIEW_LABELS: Record<DashboardView, string> = { list: "List", cards: "Cards" };

/** A user keeps this many saved searches at most; a name is this long at most. */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCH_NAME_MAX = 60;

export interface SavedSearch {
  id: string;
  name: string;
  /** The search as URL parameters (q=…&tag=…), as the dashboard's address holds it. */
  query: string;
  createdAt: string;
}

/** A tag and how many of the user's links carry it (exactly this spelling). */
export interface TagCount {
  tag: string;
  count: number;
}

/**
 * How a locale writes a whole number, measured once on the server (`numberLocale`) and sent with
 * the page, so the browser writes counts by hand: a page's first `Intl.NumberFormat` loads the
 * locale's data, about 90 ms of a phone's CPU inside the dashboard's hydration (decision 072).
 * `digits` null: the hand-written form did not match Intl's, and the browser asks Intl.
 */
export interface NumberLocale {
  tag: string;
  /** The ten digits, 0 to 9, as the locale writes them. */
  digits: string[] | null;
  group: string;
  /** The size of the last group, and of the groups before it (2 in India's 12,34,567). */
  primary: number;
  secondary: number;
  /** How many digits past the first group before grouping starts (2: "1000" but "10.000" in Spanish). */
  minimumGrouping: number;
}

/**
 * A count in the reader's grouping ("10,002" in English, "10.002" in German). The page's locale
 * comes from the loader (the request's Accept-Language), so the server and the browser write
 * the same digits.
 */
export function formatCount(value: number, locale?: NumberLocale | string): string {
  if (typeof locale === "object") return (locale.digits && writeCount(value, { ...locale, digits: locale.digits })) || numberFormat(locale.tag).format(value);
  return numberFormat(locale).format(value);
}

/** A whole, non-negative number in the locale's digits and groups; null for any other. */
function writeCount(value: number, locale: NumberLocale & { digits: string[] }): string | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const digits = String(value).replace(/\d/g, (digit) => locale.digits[Number(digit)]!);
  const length = String(value).length;
  if (!locale.group || length < locale.primary + locale.minimumGrouping) return digits;
  // Groups counted in digits, not UTF-16 units: some scripts' digits take two.
  const chars = Array.from(digits);
  const groups = [chars.splice(-locale.primary).join("")];
  while (chars.length > 0) groups.unshift(chars.splice(-locale.secondary).join(""));
  return groups.join(locale.group);
}

/** The locale's way of writing counts, checked against Intl's on a few numbers (see NumberLocale). */
export function numberLocale(tag: string): NumberLocale {
  const format = numberFormat(tag);
  const digits = Array.from({ length: 10 }, (_, digit) => format.format(digit));
  const parts = format.formatToParts(123_456_789);
  const integers = parts.filter((part) => part.type === "integer").map((part) => Array.from(part.value).length);
  const primary = integers.at(-1) ?? 3;
  const locale: NumberLocale = {
    tag,
    digits,
    group: parts.find((part) => part.type === "group")?.value ?? "",
    primary,
    secondary: integers.length > 2 ? integers.at(-2)! : primary,
    minimumGrouping: format.formatToParts(10 ** primary).some((part) => part.type === "group") ? 1 : 2,
  };
  const same = [0, 7, 999, 1_000, 1_234, 10_002, 123_456, 1_234_567, 987_654_321].every((value) => writeCount(value, { ...locale, digits }) === format.format(value));
  return same ? locale : { ...locale, digits: null };
}

// Making an Intl.NumberFormat costs far more than using one, and the dashboard writes dozens of
// counts a render (the sidebar's tags): one per locale.
const numberFormats = new Map<string | undefined, Intl.NumberFormat>();
function numberFormat(locale: string | undefined): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale);
    } catch {
      format = new Intl.NumberFormat("en");
    }
    numberFormats.set(locale, format);
  }
  return format;
}

/** The first language of an Accept-Language header that Intl knows, else "en". */
export function localeFrom(acceptLanguage: string | null): string {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim();
    if (!tag || tag === "*") continue;
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // Not a language tag: try the next.
    }
  }
  return "en";
}
