import { z } from "zod";

/** Where the bookmarklet sends the page: our own origin, which asks before saving anything. */
export const BOOKMARKLET_SAVE_PATH = "/save";
export const BOOKMARKLET_WINDOW = "linkwise-save";

/**
 * The bookmarklet: it only opens our /save page (a popup, or this tab when popups are blocked)
 * with the page's address and title in the query string. It sends nothing itself, so the
 * other site never makes a request that rides on the user's cookie; /save asks first.
 */
export function bookmarkletSource(origin: string): string {
  const target = JSON.stringify(`${origin}${BOOKMARKLET_SAVE_PATH}`);
  const script =
    `(function(){var u=${target}+'?url='+encodeURIComponent(location.href)+'&title='+encodeURIComponent((document.title||'').slice(0,300));` +
    `var w=window.open(u,'${BOOKMARKLET_WINDOW}','width=520,height=640');if(!w){location.href=u;}})();`;
  return `javascript:${script}`;
}

// Whatever the other page had; too long a title is cut, not refused.
export const bookmarkletFieldsSchema = z.object({
  url: z.string().max(8192).optional().catch(undefined),
  title: z
    .string()
    .optional()
    .catch(undefined)
    .transform((title) => title?.replace(/\s+/g, " ").trim().slice(0, 300) || undefined),
});
