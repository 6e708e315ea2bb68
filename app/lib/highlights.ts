import * as z from "zod";
import { HIGHLIGHT_COLOURS, type HighlightColour } from "./vocabulary";

/**
 * Highlights and notes in the reader (issue #35, decision 060): what the API and the pages
 * exchange. A highlight is stored as a text-quote selector (`exact` with up to
 * HIGHLIGHT_CONTEXT_CHARS of `prefix` and `suffix`) and `start`, where `exact` began in the
 * article's text when it was made (a hint: anchoring tries the quote first, highlight-anchor.ts).
 */
export const HIGHLIGHT_EXACT_MAX = 5_000;
export const HIGHLIGHT_NOTE_MAX = 10_000;
/** How much text either side of the quote is kept to tell repeated passages apart. */
export const HIGHLIGHT_CONTEXT_CHARS = 64;
export const HIGHLIGHTS_PER_LINK_MAX = 2_000;
/** The highlights page, and GET /api/highlights's page. */
export const HIGHLIGHTS_PAGE_SIZE = 50;

/** A colour's swatch (Tailwind classes; the reader's marks use the same colours, app/tailwind.css). */
export const HIGHLIGHT_SWATCH_CLASS: Record<HighlightColour, string> = { yellow: "bg-yellow-200", green: "bg-green-200", blue: "bg-sky-200", pink: "bg-pink-200", purple: "bg-violet-200" };

export const HIGHLIGHT_COLOUR_LABELS: Record<HighlightColour, string> = { yellow: "Yellow", green: "Green", blue: "Blue", pink: "Pink", purple: "Purple" };

const noteSchema = z
  .string()
  .max(HIGHLIGHT_NOTE_MAX, `A note can be at most ${HIGHLIGHT_NOTE_MAX.toLocaleString("en-US")} characters.`)
  .transform((note) => (note.trim() === "" ? null : note));

/** POST /api/links/{id}/highlights. */
export const highlightInputSchema = z
  .object({
    exact: z
      .string()
      .refine((exact) => exact.trim() !== "", "Select some text to highlight.")
      .refine((exact) => exact.length <= HIGHLIGHT_EXACT_MAX, `A highlight can be at most ${HIGHLIGHT_EXACT_MAX.toLocaleString("en-US")} characters.`),
    prefix: z.string().max(HIGHLIGHT_CONTEXT_CHARS * 3, "prefix is too long").default(""),
    suffix: z.string().max(HIGHLIGHT_CONTEXT_CHARS * 3, "suffix is too long").default(""),
    start: z.number().int().min(0).max(10_000_000),
    colour: z.enum(HIGHLIGHT_COLOURS).default("yellow"),
    note: noteSchema.nullable().optional(),
  })
  .strict();
export type HighlightInput = z.infer<typeof highlightInputSchema>;

/** PATCH /api/highlights/{id}: the colour, the note (null or "" removes it), or both. */
export const highlightPatchSchema = z
  .object({ colour: z.enum(HIGHLIGHT_COLOURS).optional(), note: noteSchema.nullable().optional() })
  .strict()
  .refine((patch) => patch.colour !== undefined || patch.note !== undefined, "Give a colour or a note to change.");
export type HighlightPatch = z.infer<typeof highlightPatchSchema>;

export const highlightSchema = z
  .object({
    id: z.string(),
    linkId: z.string(),
    exact: z.string(),
    prefix: z.string(),
    suffix: z.string(),
    start: z.number().int(),
    colour: z.enum(HIGHLIGHT_COLOURS),
    note: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Highlight" });
export type PublicHighlight = z.infer<typeof highlightSchema>;

export const highlightListSchema = z.object({ highlights: z.array(highlightSchema) }).meta({ id: "HighlightList" });

/** A highlight on the highlights page (and GET /api/highlights): with its link's title and address. */
export const listedHighlightSchema = highlightSchema
  .extend({ link: z.object({ id: z.string(), title: z.string(), url: z.string(), tags: z.array(z.string()) }) })
  .meta({ id: "ListedHighlight" });
export type ListedHighlight = z.infer<typeof listedHighlightSchema>;

export const highlightPageSchema = z.object({ highlights: z.array(listedHighlightSchema), nextCursor: z.string().nullable() }).meta({ id: "HighlightPage" });
export type HighlightPage = z.infer<typeof highlightPageSchema>;

/** GET /api/highlights and /highlights: search (q), one tag of the link, and the page after `before`. */
export const highlightListQuerySchema = z.object({
  q: z.string().max(500, "q can be at most 500 characters").optional(),
  tag: z.string().max(50, "tag can be at most 50 characters").optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(HIGHLIGHTS_PAGE_SIZE),
});
export type HighlightListQuery = z.infer<typeof highlightListQuerySchema>;

/** PUT /api/links/{id}/highlights/sharing: show the highlights and notes on the public share page, or not. */
export const highlightSharingSchema = z.object({ show: z.boolean({ error: "show must be true or false" }) }).strict().meta({ id: "HighlightSharing" });

/** The reader's address of a highlight: the page scrolls to it and focuses it. */
export function highlightHref(linkId: string, highlightId: string): string {
  return `/links/${linkId}/read#highlight-${highlightId}`;
}
