import { knownFavicon } from "./favicons.server";
import { env } from "../platform/env.server";
import { BINARY_DOCUMENT_TYPES, FetchError, safeFetch } from "../fetching/fetcher.server";
import { HttpError } from "../platform/http.server";
import { parsePageOffThread } from "../fetching/page-parse-pool.server";
import { PageError, titleFromUrl } from "../fetching/page-parser.server";

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
/** Previews being fetched or parsed in this process right now. */
let inFlight = 0;

/**
 * Title, description and icon for the add form, from the same safe fetcher; cached briefly.
 * At most PREVIEW_CONCURRENCY at once per process: the rest are turned away at once, so
 * previews can never pile up in the web server.
 */
export async function previewLink(url: string): Promise<LinkPreview> {
  const hit = cache.get(url);
  if (hit && hit.expires > Date.now()) return hit.preview;
  if (inFlight >= env().PREVIEW_CONCURRENCY) {
    throw new HttpError(503, "Too many previews are being made right now. Try again in a moment.", { "Retry-After": "2" });
  }
  inFlight++;
  try {
    const page = await safeFetch(url, {
      allowlist: env().FETCH_ALLOWLIST,
      timeoutMs: Math.min(PREVIEW_TIMEOUT_MS, env().FETCH_TIMEOUT_MS),
      maxBytes: Math.min(1024 * 1024, env().FETCH_MAX_BYTES),
    });
    // A PDF is never parsed for a preview: pdf.js's memory is bounded only in a reader process of
    // the worker's (decision 045), and the web server starts none. Its file name stands as its title.
    const parsed = page.data && BINARY_DOCUMENT_TYPES.includes(page.contentType) ? { title: titleFromUrl(page.url), description: null, favicon: `${new URL(page.url).origin}/favicon.ico` } : await parsePageOffThread(page);
    const preview = { url: page.url, title: parsed.title, description: parsed.description, favicon: await knownFavicon(parsed.favicon) };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(url, { preview, expires: Date.now() + TTL_MS });
    return preview;
  } catch (error) {
    if (error instanceof FetchError || error instanceof PageError) throw new HttpError(422, error.message);
    throw error;
  } finally {
    inFlight--;
  }
}
