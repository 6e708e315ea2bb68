/**
 * Spaced review (issue #36, decision 068): cards from what the user chose to learn, scheduled by
 * FSRS (ts-fsrs). A card is the user's: only they create, edit, suspend or delete one; its
 * highlight may go (the card keeps the passage). Another user's card or link, or one in the trash,
 * is a 404. The plan's quiz feature (quizGenerator) gates every call.
 */
import type { Card as FsrsCard, FSRS, Grade } from "ts-fsrs";
import { highlightHref } from "~/lib/highlights";
import { quizSchema } from "~/lib/enrichment";
import { isUuid } from "~/lib/ids";
import {
  CARD_EXPORT_MAX,
  CLOZE_BLANK,
  MATURE_STABILITY_DAYS,
  RETENTION_WINDOW_DAYS,
  clozeOf,
  type CardExportFormat,
  type CardInput,
  type CardListQuery,
  type CardPatch,
  type PublicCard,
  type PublicCardReview,
  type Retention,
} from "~/lib/review";
import { CARD_STATES, REVIEW_GRADES, type ReviewDigest, type ReviewGrade, type Role } from "~/lib/vocabulary";
import { can, featureRefusal, requireFeature } from "../billing/entitlements.server";
import { keyTermsOf } from "../enrichment/key-terms.server";
import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { reviewDigestMail } from "../mail/mail-templates.server";
import { sendMail } from "../mail/mailer.server";
import { log } from "../platform/logger.server";
import type { CardReviewRow, CardRow } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { getArtifact } from "../repos/artifacts.server";
import {
  claimDigest,
  countDueCards,
  getReviewDigest,
  listDigestsOwed,
  setReviewDigest,
  deleteCard as deleteCardRow,
  getCard,
  getLinkText,
  insertCard,
  listCardsForExport,
  listTermFronts,
  retentionByTag,
  insertCardReview,
  listCardReviews,
  listCards,
  listDueCards,
  updateCard,
  updateCardSchedule,
  type NewCard,
} from "../repos/cards.server";
import { getHighlight, getLiveLinkId } from "../repos/highlights.server";

const CARD_NOT_FOUND = "Card not found";
const LINK_NOT_FOUND = "Link not found";

/** Review is part of the quiz feature: the same plans, the same switch (the 403 refusal). */
export function requireReview(role: Role): Promise<void> {
  return requireFeature(role, "quizGenerator");
}

export function publicCard(row: CardRow & { tags?: string[] }): PublicCard {
  return {
    ...(row.tags ? { tags: row.tags } : {}),
    id: row.id,
    linkId: row.link_id,
    highlightId: row.highlight_id,
    kind: row.kind,
    front: row.front,
    back: row.back,
    hint: row.hint,
    source: {
      text: row.source_text,
      start: row.source_start,
      href: row.highlight_id ? highlightHref(row.link_id, row.highlight_id) : `/links/${row.link_id}/read`,
    },
    suspended: row.suspended,
    state: row.state,
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.last_review?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

function publicReview(row: CardReviewRow): PublicCardReview {
  return {
    id: row.id,
    grade: row.grade,
    reviewedAt: row.reviewed_at.toISOString(),
    stateBefore: row.state_before,
    dueBefore: row.due_before.toISOString(),
    dueAfter: row.due_after.toISOString(),
  };
}

async function liveLink(userId: string, linkId: string): Promise<string> {
  const id = await getLiveLinkId(db(), { linkId, userId });
  if (!id) throw new HttpError(404, LINK_NOT_FOUND);
  return id;
}

async function newCard(userId: string, input: CardInput): Promise<NewCard> {
  switch (input.from) {
    case "highlight": {
      const highlight = await getHighlight(db(), { id: input.highlightId, userId });
      if (!highlight) throw new HttpError(404, "Highlight not found");
      const cloze = clozeOf(highlight, input.cloze);
      if (!cloze) throw new HttpError(400, "cloze must be a phrase of the highlight");
      // Nothing around the blank: a card that asks nothing.
      if (cloze.front === CLOZE_BLANK) throw new HttpError(400, "This highlight has no text around it: give cloze, a phrase of the highlight, to blank.");
      const base = { userId, linkId: highlight.link_id, highlightId: highlight.id, kind: "highlight" as const };
      return { ...base, ...cloze, hint: highlight.note, sourceText: highlight.exact, sourceStart: highlight.start_offset };
    }
    case "quiz": {
      const linkId = await liveLink(userId, input.linkId);
      const artifact = await getArtifact(db(), { linkId, kind: "quiz", variant: "" });
      const quiz = artifact?.status === "ready" ? quizSchema.safeParse(artifact.payload) : undefined;
      if (!quiz?.success) throw new HttpError(409, "This link has no quiz yet. Make one first (POST /api/links/{id}/quiz).");
      const question = quiz.data.questions[input.question]!;
      const options = question.options.map((option, i) => `${i + 1}. ${option}`).join("\n");
      return {
        userId,
        linkId,
        highlightId: null,
        kind: "quiz",
        front: `${question.question}\n${options}`,
        back: `${question.answerIndex + 1}. ${question.options[question.answerIndex]}`,
        hint: question.explanation,
        sourceText: null,
        sourceStart: null,
      };
    }
    case "term": {
      const linkId = await liveLink(userId, input.linkId);
      const sourceText = input.passage?.trim() ? input.passage : null;
      return { userId, linkId, highlightId: null, kind: "term", front: input.term, back: input.definition, hint: null, sourceText, sourceStart: sourceText ? (input.passageStart ?? null) : null };
    }
  }
}

/** A new card, due now (FSRS's new state). */
export async function createCard(userId: string, input: CardInput): Promise<PublicCard> {
  return publicCard(await insertCard(db(), await newCard(userId, input)));
}

export async function cardOf(userId: string, id: string): Promise<PublicCard> {
  const row = isUuid(id) ? await getCard(db(), { id, userId }) : undefined;
  if (!row) throw new HttpError(404, CARD_NOT_FOUND);
  return publicCard(row);
}

export async function cardsOf(userId: string, query: CardListQuery): Promise<PublicCard[]> {
  const suspended = query.suspended === undefined ? undefined : query.suspended === "true";
  return (await listCards(db(), { userId, linkId: query.linkId, suspended, q: query.q || undefined, tag: query.tag || undefined, state: query.state, limit: 1_000 })).map(publicCard);
}

/** The navigation's due count: null when the plan has no review (the header shows no number then). */
export async function navDueCount(user: { id: string; role: Role }, now = new Date()): Promise<number | null> {
  if (!(await can(user.role, "quizGenerator"))) return null;
  return countDueCards(db(), { userId: user.id, now });
}

/** Per tag: cards, due, learning, mature, lapsed, and the share of Good or Easy over the last 30 days' reviews. */
export async function retentionOf(userId: string, now = new Date()): Promise<Retention> {
  const since = new Date(now.getTime() - RETENTION_WINDOW_DAYS * 86_400_000);
  const rows = await retentionByTag(db(), { userId, now, since });
  return {
    windowDays: RETENTION_WINDOW_DAYS,
    matureDays: MATURE_STABILITY_DAYS,
    tags: rows.map(({ recalled, ...row }) => ({ ...row, retention: row.reviews > 0 ? Math.round((recalled / row.reviews) * 1000) / 1000 : null })),
  };
}

/**
 * The page's own definitions as term cards (the user pressed "Add key terms to review"): front the
 * term, back the sentence that defines it, the passage that sentence. A term the link already has a
 * card of is skipped, so pressing twice adds nothing twice.
 */
export async function addKeyTermCards(userId: string, linkId: string): Promise<{ cards: PublicCard[]; skipped: number }> {
  const link = isUuid(linkId) ? await getLinkText(db(), { linkId, userId }) : undefined;
  if (!link) throw new HttpError(404, LINK_NOT_FOUND);
  if (!link.content_text?.trim()) throw new HttpError(409, "This link has no text yet: key terms come from the page once it is read.");
  const terms = keyTermsOf({ text: link.content_text, title: link.title, language: link.language });
  if (terms.length === 0) throw new HttpError(409, "This page defines no key terms (sentences such as \"X is a …\").");
  const held = new Set((await listTermFronts(db(), { userId, linkId: link.id })).map((front) => front.toLowerCase()));
  const fresh = terms.filter((term) => !held.has(term.term.toLowerCase()));
  const cards = await db()
    .transaction()
    .execute(async (trx) => {
      const made: PublicCard[] = [];
      for (const term of fresh) {
        const row = await insertCard(trx, { userId, linkId: link.id, highlightId: null, kind: "term", front: term.term, back: term.sentence, hint: null, sourceText: term.sentence, sourceStart: term.start });
        made.push(publicCard(row));
      }
      return made;
    });
  return { cards, skipped: terms.length - fresh.length };
}

const ANKI_DECK = "Linkwise";

/** A field of Anki's text import with #html:true: HTML escaped, line breaks as <br>, no tab (the separator). */
function ankiField(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, " ")
    .replace(/\r?\n/g, "<br>");
}

/** Anki's tags are separated by spaces: a tag's own spaces become underscores. */
function ankiTags(tags: string[]): string {
  return ["linkwise", ...tags.map((tag) => tag.trim().replace(/\s+/g, "_")).filter(Boolean)].join(" ");
}

/** A CSV cell (RFC 4180), with a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const ANKI_HEADERS = ["#separator:tab", "#html:true", "#notetype:Basic", `#deck:${ANKI_DECK}`, "#tags column:3", "#guid column:4"];
const CSV_COLUMNS = ["id", "front", "back", "hint", "tags", "kind", "state", "due", "stability", "difficulty", "reps", "lapses", "suspended", "source", "link_title", "created_at"];

/**
 * The user's cards as one file: Anki's plain-text import (a Basic note, Front and Back, the link's
 * tags, the card's id as Anki's GUID so importing again updates rather than duplicates; the back
 * ends with a link to the source passage) or CSV with the schedule.
 */
export async function exportCards(userId: string, format: CardExportFormat, now = new Date()): Promise<{ body: string; contentType: string; fileName: string }> {
  const rows = await listCardsForExport(db(), { userId, limit: CARD_EXPORT_MAX });
  const day = now.toISOString().slice(0, 10);
  const base = env().APP_URL.replace(/\/$/, "");
  if (format === "anki") {
    const lines = rows.map((row) => {
      const card = publicCard(row);
      const hint = card.hint ? `<br><br><i>${ankiField(card.hint)}</i>` : "";
      const back = `${ankiField(card.back)}${hint}<br><br><a href="${ankiField(`${base}${card.source.href}`)}">Source</a>`;
      return [ankiField(card.front), back, ankiTags(row.tags), card.id].join("\t");
    });
    return { body: `${[...ANKI_HEADERS, ...lines].join("\n")}\n`, contentType: "text/plain; charset=utf-8", fileName: `linkwise-cards-${day}.txt` };
  }
  const lines = rows.map((row) => {
    const card = publicCard(row);
    return [card.id, card.front, card.back, card.hint, row.tags.join("; "), card.kind, card.state, card.due, card.stability, card.difficulty, card.reps, card.lapses, card.suspended, `${base}${card.source.href}`, row.link_title, card.createdAt]
      .map(csvCell)
      .join(",");
  });
  return { body: `${[CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`, contentType: "text/csv; charset=utf-8", fileName: `linkwise-cards-${day}.csv` };
}

/** The cards due now, soonest first, and how many are due in all (the navigation's count). */
export async function dueCards(userId: string, limit: number, now = new Date()): Promise<{ cards: PublicCard[]; dueCount: number }> {
  const [rows, dueCount] = await Promise.all([listDueCards(db(), { userId, now, limit }), countDueCards(db(), { userId, now })]);
  return { cards: rows.map(publicCard), dueCount };
}

/** The plan's refusal of review for a page (its sentence and where to upgrade), or null when allowed. */
export async function reviewAllowed(user: { role: Role }): Promise<{ message: string; upgradeUrl: string | null } | null> {
  const refused = await featureRefusal(user.role, "quizGenerator");
  return refused ? { message: refused.message, upgradeUrl: typeof refused.extra.upgradeUrl === "string" ? refused.extra.upgradeUrl : null } : null;
}

/** What the /review page starts with: the due cards and the retention per tag, or the plan's refusal (its sentence and where to upgrade). */
export async function reviewSession(
  user: { id: string; role: Role },
  limit: number,
): Promise<{ allowed: true; cards: PublicCard[]; dueCount: number; retention: Retention } | { allowed: false; message: string; upgradeUrl: string | null }> {
  const refused = await reviewAllowed(user);
  if (refused) return { allowed: false, ...refused };
  const [due, retention] = await Promise.all([dueCards(user.id, limit), retentionOf(user.id)]);
  return { allowed: true, ...due, retention };
}

/** Edits the text, or suspends (a suspended card is never due) and resumes; the schedule stays. */
export async function editCard(userId: string, id: string, patch: CardPatch): Promise<PublicCard> {
  const row = isUuid(id) ? await updateCard(db(), { id, userId, edit: patch }) : undefined;
  if (!row) throw new HttpError(404, CARD_NOT_FOUND);
  return publicCard(row);
}

export async function removeCard(userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) ? await deleteCardRow(db(), { id, userId }) : false;
  if (!deleted) throw new HttpError(404, CARD_NOT_FOUND);
}

export async function cardHistory(userId: string, id: string): Promise<PublicCardReview[]> {
  const card = await cardOf(userId, id);
  return (await listCardReviews(db(), { cardId: card.id, userId })).map(publicReview);
}

let scheduler: { fsrs: FSRS; ratings: Record<ReviewGrade, Grade> } | undefined;

/** ts-fsrs at first use (decision 059), with its defaults: 90% retention, fuzzed long intervals, short-term steps. */
async function fsrsScheduler() {
  if (!scheduler) {
    const { fsrs, generatorParameters, Rating } = await import("ts-fsrs");
    scheduler = { fsrs: fsrs(generatorParameters({ enable_fuzz: true })), ratings: { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } };
  }
  return scheduler;
}

function fsrsCard(row: CardRow): FsrsCard {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: CARD_STATES.indexOf(row.state),
    last_review: row.last_review ?? undefined,
  };
}

/**
 * Grades a card: FSRS's next state, stored with the review row in one transaction under the card's
 * row lock (two grades at once apply one after the other). A suspended card may still be graded.
 */
export async function gradeCard(userId: string, id: string, grade: ReviewGrade, now = new Date()): Promise<{ card: PublicCard; review: PublicCardReview }> {
  if (!isUuid(id)) throw new HttpError(404, CARD_NOT_FOUND);
  if (!REVIEW_GRADES.includes(grade)) throw new HttpError(400, "grade must be again, hard, good or easy");
  const { fsrs, ratings } = await fsrsScheduler();
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await getCard(trx, { id, userId, lock: true });
      if (!row) throw new HttpError(404, CARD_NOT_FOUND);
      const next = fsrs.next(fsrsCard(row), now, ratings[grade]).card;
      const updated = await updateCardSchedule(trx, row.id, {
        due: next.due,
        stability: next.stability,
        difficulty: next.difficulty,
        elapsedDays: next.elapsed_days,
        scheduledDays: next.scheduled_days,
        learningSteps: next.learning_steps,
        reps: next.reps,
        lapses: next.lapses,
        state: CARD_STATES[next.state]!,
        lastReview: next.last_review ?? now,
      });
      const review = await insertCardReview(trx, { cardId: row.id, userId, grade, reviewedAt: now, stateBefore: row.state, dueBefore: row.due, dueAfter: next.due });
      return { card: publicCard(updated), review: publicReview(review) };
    });
}

export async function reviewDigestOf(userId: string): Promise<ReviewDigest> {
  return (await getReviewDigest(db(), userId)) ?? "off";
}

export async function chooseReviewDigest(userId: string, digest: ReviewDigest): Promise<ReviewDigest> {
  await setReviewDigest(db(), { userId, digest });
  return digest;
}

/** How many users one digest run mails at most; the next hourly run takes the rest. */
const DIGESTS_PER_RUN = 500;

/**
 * The system queue's hourly `review-digest` job: "N cards due" to each user who chose a daily or
 * weekly digest, whose period has passed, who has cards due and whose plan still has review. Each
 * user is claimed before the mail goes, so two runs never send the same period twice.
 */
export async function sendReviewDigests(now = new Date()): Promise<{ sent: number }> {
  const owed = await listDigestsOwed(db(), { now, limit: DIGESTS_PER_RUN });
  const base = env().APP_URL.replace(/\/$/, "");
  let sent = 0;
  for (const user of owed) {
    if (!(await can(user.role, "quizGenerator"))) continue;
    if (!(await claimDigest(db(), { userId: user.id, now, previous: user.review_digest_sent_at }))) continue;
    try {
      await sendMail(reviewDigestMail(user.email, { due: user.due, url: `${base}/review`, settingsUrl: `${base}/settings` }));
      sent++;
    } catch (error) {
      // Claimed but not sent: the next period's mail will say the count then.
      log.warn("review digest not sent", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { sent };
}
