/**
 * The API reference's shapes, shared by the server module that cuts the OpenAPI document into
 * pages (app/server/api/reference.server.ts) and the pages that show them (decision 054).
 */

type Schema = Record<string, unknown>;

export type ReferenceOperation = {
  /** The operationId: the call's anchor on its tag page. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Schema }>;
  requestBody: Schema | null;
  responses: Array<{ status: string; description: string; media: string[]; schema: Schema | null }>;
};

export type ReferenceTag = { name: string; slug: string; count: number };

/** One line of the navigation's index: enough to find a call and link to it. */
export type ReferenceEntry = { id: string; method: string; path: string; summary: string; tag: string };

export const API_REFERENCE_PATH = "/documentation/api";

/** A tag as an address segment: `openapi.json` → `openapi-json`. */
export function tagSlug(tag: string): string {
  return (
    tag
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "api"
  );
}

/** Where a call is shown: its tag's page, at its anchor. */
export function entryHref(entry: Pick<ReferenceEntry, "id" | "tag">): string {
  return `${API_REFERENCE_PATH}/${entry.tag}#${entry.id}`;
}

/** The calls whose method, path, summary or tag hold every word of the query (any case). */
export function filterEntries(index: ReferenceEntry[], query: string): ReferenceEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return index;
  return index.filter((entry) => {
    const text = `${entry.method} ${entry.path} ${entry.summary} ${entry.tag}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Where an anchor of the old single-page reference now lives: `#links` → the links page,
 * `#schema-Link` → the first page carrying that schema, `#postApiLinks` → that call.
 */
export function anchorTarget(hash: string, tags: ReferenceTag[], index: ReferenceEntry[], schemaHome: Record<string, string>): string | null {
  const anchor = decodeURIComponent(hash.replace(/^#/, ""));
  if (!anchor) return null;
  const tag = tags.find((t) => t.name === anchor || t.slug === anchor);
  if (tag) return `${API_REFERENCE_PATH}/${tag.slug}`;
  if (anchor.startsWith("schema-")) {
    const home = schemaHome[anchor.slice("schema-".length)];
    return home ? `${API_REFERENCE_PATH}/${home}#${anchor}` : null;
  }
  const entry = index.find((e) => e.id === anchor);
  return entry ? entryHref(entry) : null;
}
