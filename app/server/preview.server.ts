import { env } from "./env.server";
import { FetchError, safeFetch } from "./fetcher.server";
import { HttpError } from "./http.server";
import { parsePage } from "./page-parser.server";

export interface LinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  favicon: string | null;
}

const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 500;
const PREVIEW_TIMEOUT_MS = 5_000;
const cache = new Map<string, { preview: LinkPreview; expires: number }>();

/** Title, description and icon for the add form, from the same safe fetcher; cached briefly. */
export async function previewLink(url: string): Promise<LinkPreview> {
  const hit = cache.get(url);
  if (hit && hit.expires > Date.now()) return hit.preview;
  try {
    const page = await safeFetch(url, {
      allowlist: env().FETCH_ALLOWLIST,
      timeoutMs: Math.min(PREVIEW_TIMEOUT_MS, env().FETCH_TIMEOUT_MS),
      maxBytes: Math.min(1024 * 1024, env().FETCH_MAX_BYTES),
    });
    const parsed = parsePage(page.body, page.url, page.contentType);
    const preview = { url: page.url, title: parsed.title, description: parsed.description, favicon: parsed.favicon };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(url, { preview, expires: Date.now() + TTL_MS });
    return preview;
  } catch (error) {
    if (error instanceof FetchError) throw new HttpError(422, error.message);
    throw error;
  }
}
