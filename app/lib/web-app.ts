/** Brand colours for the installed app's title bar and splash screen. */
export const THEME_COLORS = { light: "#4f46e5", dark: "#0f172a" } as const;
export const BACKGROUND_COLORS = { light: "#ffffff", dark: "#020617" } as const;

export const SHARE_TARGET_PATH = "/share-target";

/** The web app manifest: installable on Android and desktop; the share sheet sends links to /share-target. */
export function webAppManifest() {
  return {
    id: "/dashboard",
    name: "Linkwise",
    short_name: "Linkwise",
    description: "Save web links and let AI enrich them with summaries, tags, quizzes and mini-courses.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLORS.light,
    background_color: BACKGROUND_COLORS.light,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    share_target: {
      action: SHARE_TARGET_PATH,
      method: "GET",
      params: { title: "title", text: "text", url: "url" },
    },
  };
}

const HTTP_URL = /https?:\/\/[^\s<>"'`]+/i;
/** Punctuation that ends a sentence rather than the address ("see https://x.test/a."). */
const TRAILING = /[.,;:!?)\]}»”’]+$/u;

/**
 * The address a share sheet sent: the url field when it is one, else the first http(s) address
 * in the text (apps put it there, often after a title), else in the title. Null when there is none.
 */
export function sharedAddress(shared: { url?: string | null; text?: string | null; title?: string | null }): string | null {
  const direct = shared.url?.trim();
  if (direct && /^https?:\/\//i.test(direct)) return direct;
  for (const field of [shared.url, shared.text, shared.title]) {
    const found = field?.match(HTTP_URL)?.[0];
    if (found) return found.replace(TRAILING, "");
  }
  return null;
}

/** What /dashboard?shared=… tells the user; the key travels in the URL, never the words. */
export const SHARED_OUTCOMES = {
  saved: { kind: "success", message: "Link saved. Its summary and tags are on the way." },
  exists: { kind: "info", message: "You had already saved this link; it is back at the top." },
  quota: { kind: "error", message: "Link saved, but no enrichment is left this month, so it was not summarised. Buy a pack or upgrade, then press Retry on the link." },
  none: { kind: "error", message: "Nothing to save: what you shared had no web address (http:// or https://)." },
  invalid: { kind: "error", message: "That address cannot be saved. Links must start with http:// or https://." },
  failed: { kind: "error", message: "The shared link could not be saved. Please try again." },
} as const;
export type SharedOutcome = keyof typeof SHARED_OUTCOMES;

export function isSharedOutcome(value: string | null): value is SharedOutcome {
  return value !== null && Object.hasOwn(SHARED_OUTCOMES, value);
}
