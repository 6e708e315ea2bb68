/**
 * Sites' icons, served from our origin: the worker fetches a page's icon through the safe
 * fetcher (size, type and address limits), keeps it, and links point at `/favicons/{key}`.
 * Visitors' browsers never ask the third-party site (no leaked addresses, no mixed content,
 * no broken image before hydration); with no icon, the page draws a letter tile.
 */
import { createHash } from "node:crypto";
import { FetchError, safeFetch } from "../fetching/fetcher.server";
import { HostDeferral, holdHost, withHostSlot } from "../fetching/host-limits.server";
import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { getFavicon, getFaviconFetchedAt, putFavicon, type ImageTable } from "../repos/favicons.server";

export const FAVICON_PATH = "/favicons/";
/** Pages' lead images (og:image and the like) are kept the same way, bigger (decision 022). */
export const LEAD_IMAGE_PATH = "/lead-images/";

interface ImageKind {
  table: ImageTable;
  path: string;
  maxBytes: number;
  timeoutMs: number;
}
const FAVICONS: ImageKind = { table: "favicons", path: FAVICON_PATH, maxBytes: 100 * 1024, timeoutMs: 5_000 };
const LEAD_IMAGES: ImageKind = { table: "lead_images", path: LEAD_IMAGE_PATH, maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };
/** A found image is fetched again after a week; a missing one after a day. */
const REFRESH_MS = 7 * 24 * 3_600_000;
const MISSING_RETRY_MS = 24 * 3_600_000;
/**
 * What this process last read or stored of an image's row, kept this long: a site's links name the
 * same icon, and the worker then reads its row once, not once a link. Another process storing the
 * image meanwhile is seen when this runs out.
 */
const ROW_MEMO_MS = 10 * 60_000;
const rowMemo = new Map<string, { row: { fetched_at: Date; found: boolean }; until: number }>();

async function imageRow(kind: ImageKind, key: string): Promise<{ fetched_at: Date; found: boolean } | undefined> {
  const memoKey = `${kind.table}:${key}`;
  const memo = rowMemo.get(memoKey);
  if (memo && memo.until > Date.now()) return memo.row;
  const row = await getFaviconFetchedAt(db(), key, kind.table);
  if (row) rememberRow(kind, key, row);
  return row;
}

function rememberRow(kind: ImageKind, key: string, row: { fetched_at: Date; found: boolean }) {
  if (rowMemo.size >= 10_000) rowMemo.clear();
  rowMemo.set(`${kind.table}:${key}`, { row, until: Date.now() + ROW_MEMO_MS });
}

export function faviconKey(sourceUrl: string): string {
  return createHash("sha256").update(sourceUrl).digest("hex").slice(0, 32);
}

const faviconPath = (key: string) => `${FAVICON_PATH}${key}`;

/** Only our own icon paths reach a page; an old third-party address reads as "no icon". */
export function publicFavicon(stored: string | null): string | null {
  return stored?.startsWith(FAVICON_PATH) ? stored : null;
}

/** The same rule for lead images. */
export function publicLeadImage(stored: string | null): string | null {
  return stored?.startsWith(LEAD_IMAGE_PATH) ? stored : null;
}

/** The raster formats we serve, told by their first bytes rather than by what the server claimed. */
export function sniffImage(data: Buffer): string | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data.length >= 4 && data[0] === 0 && data[1] === 0 && data[2] === 1 && data[3] === 0) return "image/x-icon";
  if (data.length >= 6 && data.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 12 && data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return null;
}

/** Our path for an icon we already hold, without fetching (link previews in the web process). */
export async function knownFavicon(sourceUrl: string | null): Promise<string | null> {
  if (!sourceUrl) return null;
  const key = faviconKey(sourceUrl);
  const row = await getFaviconFetchedAt(db(), key).catch(() => undefined);
  return row?.found ? faviconPath(key) : null;
}

/**
 * Fetches and keeps the icon (or remembers that there is none) and returns our path for it, or
 * null. Never throws: a missing icon must not fail an enrichment.
 */
export function storeFavicon(sourceUrl: string | null): Promise<string | null> {
  return storeImage(FAVICONS, sourceUrl);
}

/** The page's lead image, kept as icons are (raster only, through the safe fetcher, 2 MB at most). */
export function storeLeadImage(sourceUrl: string | null): Promise<string | null> {
  return storeImage(LEAD_IMAGES, sourceUrl);
}

async function storeImage(kind: ImageKind, sourceUrl: string | null): Promise<string | null> {
  if (!sourceUrl) return null;
  const key = faviconKey(sourceUrl);
  const ourPath = `${kind.path}${key}`;
  try {
    const known = await imageRow(kind, key);
    if (known && Date.now() - known.fetched_at.getTime() < (known.found ? REFRESH_MS : MISSING_RETRY_MS)) {
      return known.found ? ourPath : null;
    }
    let data: Buffer | null = null;
    let type: string | null = null;
    try {
      // Within the host's limit, like the page (decision 029): waits up to CRAWLER_WAIT_MS for a slot.
      const fetched = await withHostSlot(new URL(sourceUrl).host, () =>
        safeFetch(sourceUrl, { accept: "image", maxBytes: kind.maxBytes, timeoutMs: kind.timeoutMs, allowlist: env().FETCH_ALLOWLIST, measure: false }),
      );
      type = fetched.data ? sniffImage(fetched.data) : null;
      data = type ? fetched.data! : null;
    } catch (error) {
      log.debug("image not fetched", { table: kind.table, sourceUrl, error });
      // A busy host, or one that asked us to wait, says nothing about the image: it is not
      // remembered as missing, so the next enrichment that names it tries again.
      if (error instanceof FetchError && error.serverWait) await holdHost(error.serverWait.host, error.serverWait.ms);
      if (error instanceof HostDeferral || (error instanceof FetchError && error.serverWait)) return known?.found ? ourPath : null;
    }
    // A known image that fails to refresh is kept: the site may be down for a moment.
    if (!data && known?.found) return ourPath;
    await putFavicon(db(), { key, source_url: sourceUrl, content_type: type, data }, kind.table);
    rememberRow(kind, key, { fetched_at: new Date(), found: data !== null });
    return data ? ourPath : null;
  } catch (error) {
    log.warn("image could not be stored", { table: kind.table, sourceUrl, error });
    return null;
  }
}

/** The stored icon as an HTTP answer: cached for a year (the key changes with the address), never sniffed. */
export function faviconResponse(key: string): Promise<Response> {
  return imageResponse(FAVICONS, key);
}

export function leadImageResponse(key: string): Promise<Response> {
  return imageResponse(LEAD_IMAGES, key);
}

async function imageResponse(kind: ImageKind, key: string): Promise<Response> {
  const row = /^[0-9a-f]{32}$/.test(key) ? await getFavicon(db(), key, kind.table) : undefined;
  if (!row?.data || !row.content_type) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "public, max-age=3600" } });
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.content_type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
