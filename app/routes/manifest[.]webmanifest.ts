import { webAppManifest } from "~/lib/web-app";

/** GET /manifest.webmanifest → the web app manifest (install, icons, share target). */
export const loader = () =>
  new Response(JSON.stringify(webAppManifest()), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
