import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { listPublicShareIds } from "../repos/sharing.server";

/** Public pages a search engine may list (the sitemap's fixed part). */
export const PUBLIC_PAGES = [
  "/",
  "/features",
  "/pricing",
  "/trending",
  "/get-started",
  "/help-center",
  "/documentation",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
] as const;

/**
 * Private areas crawlers have no business in. The dashboard is not listed: a signed-out crawler is
 * sent to /login from it anyway, and a Disallow there would mark the app's main page as blocked
 * from indexing in every audit of it (Lighthouse's SEO check of the signed-in page).
 */
export const DISALLOWED_PATHS = ["/api/", "/admin", "/settings", "/checkout", "/upgrade", "/dev/"] as const;

/** A sitemap file holds at most 50,000 addresses; the newest shares fill what the pages leave. */
export const MAX_SITEMAP_SHARES = 45_000;
const SITEMAP_TTL_MS = 5 * 60_000;

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${env().APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

let cached: { xml: string; until: number } | null = null;

/** Built at most every few minutes per process: crawlers may fetch it often, and 45,000 rows are not free. */
export async function sitemapXml(now = Date.now()): Promise<string> {
  if (cached && cached.until > now) return cached.xml;
  const base = env().APP_URL;
  const shares = await listPublicShareIds(db(), MAX_SITEMAP_SHARES);
  const entries = [
    ...PUBLIC_PAGES.map((path) => `<url><loc>${escapeXml(`${base}${path}`)}</loc></url>`),
    ...shares.map(
      (share) =>
        `<url><loc>${escapeXml(`${base}/share/${share.id}`)}</loc>${share.shared_at ? `<lastmod>${share.shared_at.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  cached = { xml, until: now + SITEMAP_TTL_MS };
  return xml;
}
