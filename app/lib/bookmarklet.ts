import * as z from "zod";
import { NOTES_MAX_CHARS, TAGS_MAX, TAG_MAX_CHARS } from "./links";

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

/**
 * The popup's Save (POST /save): the page, and the tags and note the user typed there. A tag field
 * may hold several tags separated by commas (the one being typed when Save was pressed, or a page
 * without JavaScript).
 */
export const popupSaveSchema = z.object({
  url: z.string().max(8192).optional(),
  title: bookmarkletFieldsSchema.shape.title,
  tags: z
    .array(z.string().max(8192))
    .transform((fields) => fields.flatMap((field) => field.split(",")).map((tag) => tag.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(TAG_MAX_CHARS, `A tag is ${TAG_MAX_CHARS} characters at most.`))
        .max(TAGS_MAX, `A link has ${TAGS_MAX} tags at most.`),
    ),
  notes: z.string().max(NOTES_MAX_CHARS, `The note is too long (${NOTES_MAX_CHARS.toLocaleString("en-US")} characters at most).`).optional(),
});
