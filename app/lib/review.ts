import * as z from "zod";
import { CARD_KINDS, CARD_STATES, REVIEW_DIGESTS, REVIEW_GRADES } from "./vocabulary";

/**
 * Spaced review (issue #36, decision 068): what the cards and review API exchange. A card is the
 * user's own, made from something they chose to learn; FSRS (ts-fsrs) schedules it.
 */
export const CARD_TEXT_MAX = 5_000;
export const CARD_HINT_MAX = 10_000;
export const CARD_PASSAGE_MAX = 20_000;
/** How many due cards GET /api/review/due gives at most (and by default). */
export const REVIEW_DUE_LIMIT_MAX = 200;
export const REVIEW_DUE_LIMIT_DEFAULT = 50;
export const CARDS_PAGE_SIZE = 100;
/** The window event the review page sends with -1 for each card a grade sends to a later time: the header's due count follows. */
export const REVIEW_DUE_EVENT = "linkwise:review-due";
/**
 * A card graded Again (or still learning) comes back in minutes: one due within this window of
 * the grade is shown again at the end of the session, as Anki's learn-ahead limit does.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** The session's queue once its first card is graded: the rest, then the graded card again if it is due within LEARN_AHEAD_MS. */
export function queueAfterGrade<C extends { id: string; due: string }>(queue: C[], graded: C, now = Date.now()): C[] {
  const rest = queue.filter((card) => card.id !== graded.id);
  return Date.parse(graded.due) - now <= LEARN_AHEAD_MS ? [...rest, graded] : rest;
}
/** What a cloze card shows where the highlighted phrase was. */
export const CLOZE_BLANK = "[…]";

const uuid = z.uuid({ error: "Give an id such as one the API returned." });
const text = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} cannot be empty`)
    .max(CARD_TEXT_MAX, `${name} can be at most ${CARD_TEXT_MAX.toLocaleString("en-US")} characters`);
const hint = z
  .string()
  .max(CARD_HINT_MAX, `hint can be at most ${CARD_HINT_MAX.toLocaleString("en-US")} characters`)
  .transform((value) => (value.trim() === "" ? null : value));
const passage = z.string().max(CARD_PASSAGE_MAX, `passage can be at most ${CARD_PASSAGE_MAX.toLocaleString("en-US")} characters`);

/**
 * POST /api/cards: from one of the user's highlights (a cloze: the passage with `cloze`, a phrase
 * of the highlight, or else the whole highlight, blanked; the note is the hint), from a question
 * of the link's quiz (0–4), or a key term the page defines, written by the user.
 */
export const cardInputSchema = z.discriminatedUnion(
  "from",
  [
    z.object({ from: z.literal("highlight"), highlightId: uuid, cloze: z.string().trim().min(1, "cloze cannot be empty").max(CARD_TEXT_MAX).optional() }).strict(),
    z.object({ from: z.literal("quiz"), linkId: uuid, question: z.number().int().min(0, "question is 0 to 4").max(4, "question is 0 to 4") }).strict(),
    z.object({ from: z.literal("term"), linkId: uuid, term: text("term"), definition: text("definition"), passage: passage.optional(), passageStart: z.number().int().min(0).max(10_000_000).optional() }).strict(),
  ],
  { error: "from must be highlight, quiz or term" },
);
export type CardInput = z.infer<typeof cardInputSchema>;

/** PATCH /api/cards/{id}: edit the text, or suspend (true) and resume (false). */
export const cardPatchSchema = z
  .object({ front: text("front").optional(), back: text("back").optional(), hint: hint.nullable().optional(), suspended: z.boolean().optional() })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), "Give front, back, hint or suspended to change.");
export type CardPatch = z.infer<typeof cardPatchSchema>;

/** POST /api/review/{cardId}. */
export const gradeInputSchema = z.object({ grade: z.enum(REVIEW_GRADES, { error: "grade must be again, hard, good or easy" }) }).strict();
export type GradeInput = z.infer<typeof gradeInputSchema>;

export const dueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(REVIEW_DUE_LIMIT_MAX, `limit can be at most ${REVIEW_DUE_LIMIT_MAX}`)
    .default(REVIEW_DUE_LIMIT_DEFAULT),
});

export const cardListQuerySchema = z.object({
  linkId: uuid.optional(),
  suspended: z.enum(["true", "false"], { error: "suspended must be true or false" }).optional(),
  q: z.string().trim().max(200, "q can be at most 200 characters").optional().describe("Words in the card's front, back or hint."),
  tag: z.string().trim().max(100, "tag can be at most 100 characters").optional().describe("Only cards whose link has this tag."),
  state: z.enum(CARD_STATES, { error: "state must be new, learning, review or relearning" }).optional(),
});
export type CardListQuery = z.infer<typeof cardListQuerySchema>;

/** The card exports: Anki's plain-text import format (a Basic note: Front, Back, Tags) or CSV. */
export const CARD_EXPORT_FORMATS = ["anki", "csv"] as const;
export type CardExportFormat = (typeof CARD_EXPORT_FORMATS)[number];
export const cardExportQuerySchema = z.object({ format: z.enum(CARD_EXPORT_FORMATS, { error: "format must be anki or csv" }).default("anki") });
/** How many cards one export carries at most. */
export const CARD_EXPORT_MAX = 50_000;

/** A card is mature once FSRS's stability reaches this many days (Anki calls an interval of 21 days or more mature). */
export const MATURE_STABILITY_DAYS = 21;
/** The retention view's window: the share of Good or Easy among the reviews of the last 30 days. */
export const RETENTION_WINDOW_DAYS = 30;

export const tagRetentionSchema = z
  .object({
    tag: z.string().nullable().describe("The links' tag; null for cards whose link has none."),
    cards: z.number().int(),
    due: z.number().int().describe("Due now, not suspended."),
    learning: z.number().int().describe("In FSRS's learning or relearning steps."),
    mature: z.number().int().describe(`Stability of ${MATURE_STABILITY_DAYS} days or more.`),
    lapsed: z.number().int().describe("Forgotten (graded Again after being learnt) at least once."),
    reviews: z.number().int().describe(`Reviews in the last ${RETENTION_WINDOW_DAYS} days.`),
    retention: z.number().nullable().describe("Share of those reviews graded Good or Easy (0–1); null without reviews."),
  })
  .meta({ id: "TagRetention" });
export type TagRetention = z.infer<typeof tagRetentionSchema>;
export const retentionSchema = z.object({ tags: z.array(tagRetentionSchema), windowDays: z.number().int(), matureDays: z.number().int() }).meta({ id: "Retention" });
export type Retention = z.infer<typeof retentionSchema>;

export const cardSchema = z
  .object({
    id: z.string(),
    linkId: z.string(),
    highlightId: z.string().nullable(),
    kind: z.enum(CARD_KINDS),
    front: z.string(),
    back: z.string(),
    hint: z.string().nullable(),
    /** The passage the card came from, and where it began in the article's text (to open the reader there). */
    source: z.object({ text: z.string().nullable(), start: z.number().int().nullable(), href: z.string() }),
    suspended: z.boolean(),
    state: z.enum(CARD_STATES),
    due: z.string(),
    stability: z.number(),
    difficulty: z.number(),
    reps: z.number().int(),
    lapses: z.number().int(),
    lastReview: z.string().nullable(),
    createdAt: z.string(),
    /** The link's tags (the card list filters by them); only in the card list. */
    tags: z.array(z.string()).optional(),
  })
  .meta({ id: "Card" });
export type PublicCard = z.infer<typeof cardSchema>;

export const cardListSchema = z.object({ cards: z.array(cardSchema) }).meta({ id: "CardList" });
export const dueCardsSchema = z.object({ cards: z.array(cardSchema), dueCount: z.number().int() }).meta({ id: "DueCards" });

export const cardReviewSchema = z
  .object({ id: z.string(), grade: z.enum(REVIEW_GRADES), reviewedAt: z.string(), stateBefore: z.enum(CARD_STATES), dueBefore: z.string(), dueAfter: z.string() })
  .meta({ id: "CardReview" });
export type PublicCardReview = z.infer<typeof cardReviewSchema>;
export const cardReviewListSchema = z.object({ reviews: z.array(cardReviewSchema) }).meta({ id: "CardReviewList" });
export const gradedCardSchema = z.object({ card: cardSchema, review: cardReviewSchema }).meta({ id: "GradedCard" });

/** POST /api/links/{id}/cards/terms: the page's own definitions made term cards. */
export const termCardsSchema = z
  .object({ cards: z.array(cardSchema), skipped: z.number().int().describe("Terms the link already has a card of.") })
  .meta({ id: "TermCards" });

/**
 * A cloze of a highlight: its context with the phrase blanked. `phrase` (a part of the highlight)
 * is blanked where it first occurs in it; without one the whole highlight is. Undefined when the
 * phrase is not in the highlight.
 */
export function clozeOf(highlight: { exact: string; prefix: string; suffix: string }, phrase?: string): { front: string; back: string } | undefined {
  const answer = phrase ?? highlight.exact.trim();
  const at = highlight.exact.indexOf(answer);
  if (at === -1) return undefined;
  const front = `${highlight.prefix}${highlight.exact.slice(0, at)}${CLOZE_BLANK}${highlight.exact.slice(at + answer.length)}${highlight.suffix}`;
  return { front: front.replace(/\s+/g, " ").trim(), back: answer };
}

/** PUT /api/review/digest: the daily or weekly "N cards due" mail, or off (the default). */
export const reviewDigestSchema = z.object({ digest: z.enum(REVIEW_DIGESTS, { error: "digest must be off, daily or weekly" }) }).strict().meta({ id: "ReviewDigest" });
