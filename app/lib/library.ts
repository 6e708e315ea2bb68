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
 * A count in the reader's grouping ("10,002" in English, "10.002" in German). The page's locale
 * comes from the loader (the request's Accept-Language), so the server and the browser write
 * the same digits.
 */
export function formatCount(value: number, locale?: string): string {
  return numberFormat(locale).format(value);
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
