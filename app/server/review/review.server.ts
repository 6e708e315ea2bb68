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
import { CLOZE_BLANK, clozeOf, type CardInput, type CardPatch, type PublicCard, type PublicCardReview } from "~/lib/review";
import { CARD_STATES, REVIEW_GRADES, type ReviewGrade, type Role } from "~/lib/vocabulary";
import { featureRefusal, requireFeature } from "../billing/entitlements.server";
import { db } from "../platform/db.server";
import type { CardReviewRow, CardRow } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { getArtifact } from "../repos/artifacts.server";
import {
  countDueCards,
  deleteCard as deleteCardRow,
  getCard,
  insertCard,
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

export function publicCard(row: CardRow): PublicCard {
  return {
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

export async function cardsOf(userId: string, query: { linkId?: string; suspended?: "true" | "false" }): Promise<PublicCard[]> {
  const suspended = query.suspended === undefined ? undefined : query.suspended === "true";
  return (await listCards(db(), { userId, linkId: query.linkId, suspended, limit: 1_000 })).map(publicCard);
}

/** The cards due now, soonest first, and how many are due in all (the navigation's count). */
export async function dueCards(userId: string, limit: number, now = new Date()): Promise<{ cards: PublicCard[]; dueCount: number }> {
  const [rows, dueCount] = await Promise.all([listDueCards(db(), { userId, now, limit }), countDueCards(db(), { userId, now })]);
  return { cards: rows.map(publicCard), dueCount };
}

/** What the /review page starts with: the due cards, or the plan's refusal (its sentence and where to upgrade). */
export async function reviewSession(
  user: { id: string; role: Role },
  limit: number,
): Promise<{ allowed: true; cards: PublicCard[]; dueCount: number } | { allowed: false; message: string; upgradeUrl: string | null }> {
  const refused = await featureRefusal(user.role, "quizGenerator");
  if (refused) return { allowed: false, message: refused.message, upgradeUrl: typeof refused.extra.upgradeUrl === "string" ? refused.extra.upgradeUrl : null };
  return { allowed: true, ...(await dueCards(user.id, limit)) };
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
