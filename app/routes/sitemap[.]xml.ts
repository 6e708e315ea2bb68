import { sitemapXml } from "~/server/sharing/site-files.server";

export async function loader() {
  return new Response(await sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
