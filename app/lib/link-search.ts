import { CATEGORIES, type CategorySlug } from "./categories";
import { READ_STATE_LABELS, type LinkStatus, type PublicLink, type ReadState } from "./links";

/**
 * The dashboard's search and filters as URL parameters (the same names GET /api/links takes),
 * so a reload or Back shows the same results. No zod here: the dashboard's bundle stays small;
 * the server validates.
 */
export const FILTER_KEYS = ["q", "tag", "status", "state", "category", "domain", "duplicates", "from", "to"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type SearchState = Partial<Record<FilterKey, string>> & { sort?: "date" | "relevance" };

export function searchStateFrom(params: URLSearchParams): SearchState {
  const state: SearchState = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) state[key] = value;
  }
  if (params.get("sort") === "relevance") state.sort = "relevance";
  return state;
}

/** The state as query parameters, in a fixed order; "" when nothing filters. */
export function searchQuery(state: SearchState): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = state[key]?.trim();
    if (value) params.set(key, value);
  }
  if (state.sort === "relevance" && state.q?.trim()) params.set("sort", "relevance");
  return params.toString();
}

export const isFiltered = (state: SearchState) => FILTER_KEYS.some((key) => Boolean(state[key]?.trim()));

/** Whether a link belongs in the view's read state (decision 056): without one, the library (no archived links). */
export function inReadState(link: Pick<PublicLink, "readAt" | "archivedAt">, state: string | undefined): boolean {
  switch (state as ReadState | undefined) {
    case "all":
      return true;
    case "archived":
      return link.archivedAt !== null;
    case "unread":
      return link.archivedAt === null && link.readAt === null;
    case "read":
      return link.archivedAt === null && link.readAt !== null;
    default:
      return link.archivedAt === null;
  }
}

/**
 * Whether a link pushed by the event stream may stay in a view: the filters the browser can check
 * on a link (status, read state, tag, domain); a search or the other filters are the server's to
 * judge, so a link the view does not already hold is never added (see use-live-links).
 */
export function keepsMatching(link: Pick<PublicLink, "status" | "tags" | "url" | "readAt" | "archivedAt">, state: SearchState): boolean {
  if (state.status && link.status !== (state.status as LinkStatus)) return false;
  if (!inReadState(link, state.state)) return false;
  if (state.tag && !link.tags.includes(state.tag)) return false;
  if (state.domain) {
    let host = "";
    try {
      host = new URL(link.url).hostname.toLowerCase();
    } catch {
      return false;
    }
    const domain = state.domain.toLowerCase();
    if (host !== domain && !host.endsWith(`.${domain}`)) return false;
  }
  return true;
}

const STATUS_FILTER_LABELS: Record<LinkStatus, string> = { pending: "Processing", enriched: "Enriched", error: "Failed", unenriched: "Not enriched" };

/** The chip's text for an active filter. */
export function filterLabel(key: Exclude<FilterKey, "q">, value: string): string {
  switch (key) {
    case "tag":
      return `#${value}`;
    case "status":
      return `Status: ${STATUS_FILTER_LABELS[value as LinkStatus] ?? value}`;
    case "state":
      return READ_STATE_LABELS[value as ReadState] ?? value;
    case "category":
      return `Category: ${CATEGORIES[value as CategorySlug] ?? value}`;
    case "domain":
      return `Site: ${value}`;
    case "duplicates":
      return "Possible duplicates";
    case "from":
      return `From ${value}`;
    case "to":
      return `To ${value}`;
  }
}

export { STATUS_FILTER_LABELS };

/**
 * The server's highlight (escaped HTML with <mark> around matches) as text segments, so the
 * page renders them as React text and <mark> elements, never as HTML.
 */
export function highlightSegments(html: string): Array<{ text: string; mark: boolean }> {
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[entity]!);
  const segments: Array<{ text: string; mark: boolean }> = [];
  const parts = html.split(/(<mark>[\s\S]*?<\/mark>)/);
  for (const part of parts) {
    if (!part) continue;
    const marked = part.startsWith("<mark>") && part.endsWith("</mark>");
    segments.push({ text: decode(marked ? part.slice(6, -7) : part), mark: marked });
  }
  return segments;
}
