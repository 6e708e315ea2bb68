import { sql } from "kysely";
import type { CardKind, CardState, ReviewGrade } from "~/lib/vocabulary";
import type { Database } from "../platform/db.server";
import type { CardReviewRow, CardRow } from "../platform/db-schema.server";

/**
 * Review cards and their history (decision 068): the user's, read and written only by their
 * owner. A card of a link in the trash is hidden with it (reads join the live link) and back on
 * restore; the purge removes it (foreign key cascade). Enrichment never calls this module.
 */

const COLUMNS = [
  "cards.id",
  "cards.user_id",
  "cards.link_id",
  "cards.highlight_id",
  "cards.kind",
  "cards.front",
  "cards.back",
  "cards.hint",
  "cards.source_text",
  "cards.source_start",
  "cards.suspended",
  "cards.due",
  "cards.stability",
  "cards.difficulty",
  "cards.elapsed_days",
  "cards.scheduled_days",
  "cards.learning_steps",
  "cards.reps",
  "cards.lapses",
  "cards.state",
  "cards.last_review",
  "cards.created_at",
  "cards.updated_at",
] as const;

function live(db: Database, userId: string) {
  return db
    .selectFrom("cards")
    .innerJoin("links", "links.id", "cards.link_id")
    .where("cards.user_id", "=", userId)
    .where("links.user_id", "=", userId)
    .where("links.deleted_at", "is", null);
}

export interface NewCard {
  userId: string;
  linkId: string;
  highlightId: string | null;
  kind: CardKind;
  front: string;
  back: string;
  hint: string | null;
  sourceText: string | null;
  sourceStart: number | null;
}

export async function insertCard(db: Database, card: NewCard): Promise<CardRow> {
  return db
    .insertInto("cards")
    .values({
      user_id: card.userId,
      link_id: card.linkId,
      highlight_id: card.highlightId,
      kind: card.kind,
      front: card.front,
      back: card.back,
      hint: card.hint,
      source_text: card.sourceText,
      source_start: card.sourceStart,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's card on a live link, or undefined; `lock` holds it for a grade. */
export async function getCard(db: Database, { id, userId, lock = false }: { id: string; userId: string; lock?: boolean }): Promise<CardRow | undefined> {
  const query = live(db, userId).select(COLUMNS).where("cards.id", "=", id);
  return (lock ? query.forUpdate("cards") : query).executeTakeFirst();
}

/** Due cards (due by `now`, not suspended), soonest first: the review queue. */
export async function listDueCards(db: Database, { userId, now, limit }: { userId: string; now: Date; limit: number }): Promise<CardRow[]> {
  return live(db, userId)
    .select(COLUMNS)
    .where("cards.suspended", "=", false)
    .where("cards.due", "<=", now)
    .orderBy("cards.due", "asc")
    .orderBy("cards.id", "asc")
    .limit(limit)
    .execute();
}

export async function countDueCards(db: Database, { userId, now }: { userId: string; now: Date }): Promise<number> {
  const row = await live(db, userId)
    .select(sql<number>`count(*)::int`.as("count"))
    .where("cards.suspended", "=", false)
    .where("cards.due", "<=", now)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The user's cards, newest first, optionally of one link or by suspension. */
export async function listCards(db: Database, { userId, linkId, suspended, limit }: { userId: string; linkId?: string; suspended?: boolean; limit: number }): Promise<CardRow[]> {
  let query = live(db, userId).select(COLUMNS);
  if (linkId) query = query.where("cards.link_id", "=", linkId);
  if (suspended !== undefined) query = query.where("cards.suspended", "=", suspended);
  return query.orderBy("cards.created_at", "desc").orderBy("cards.id", "desc").limit(limit).execute();
}

export interface CardEdit {
  front?: string;
  back?: string;
  hint?: string | null;
  suspended?: boolean;
}

/** Edits the user's card (not its schedule); undefined when it is not theirs or its link is deleted. */
export async function updateCard(db: Database, { id, userId, edit }: { id: string; userId: string; edit: CardEdit }): Promise<CardRow | undefined> {
  return db
    .updateTable("cards")
    .set({ ...edit, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where(({ exists, selectFrom }) => exists(selectFrom("links").select("links.id").whereRef("links.id", "=", "cards.link_id").where("links.deleted_at", "is", null)))
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCard(db: Database, { id, userId }: { id: string; userId: string }): Promise<boolean> {
  const result = await db
    .deleteFrom("cards")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where(({ exists, selectFrom }) => exists(selectFrom("links").select("links.id").whereRef("links.id", "=", "cards.link_id").where("links.deleted_at", "is", null)))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** FSRS's state after a grade (ts-fsrs's Card fields). */
export interface CardSchedule {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardState;
  lastReview: Date;
}

export async function updateCardSchedule(db: Database, id: string, schedule: CardSchedule): Promise<CardRow> {
  return db
    .updateTable("cards")
    .set({
      due: schedule.due,
      stability: schedule.stability,
      difficulty: schedule.difficulty,
      elapsed_days: schedule.elapsedDays,
      scheduled_days: schedule.scheduledDays,
      learning_steps: schedule.learningSteps,
      reps: schedule.reps,
      lapses: schedule.lapses,
      state: schedule.state,
      last_review: schedule.lastReview,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertCardReview(
  db: Database,
  review: { cardId: string; userId: string; grade: ReviewGrade; reviewedAt: Date; stateBefore: CardState; dueBefore: Date; dueAfter: Date },
): Promise<CardReviewRow> {
  return db
    .insertInto("card_reviews")
    .values({
      card_id: review.cardId,
      user_id: review.userId,
      grade: review.grade,
      reviewed_at: review.reviewedAt,
      state_before: review.stateBefore,
      due_before: review.dueBefore,
      due_after: review.dueAfter,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A card's reviews, newest first; the caller has checked the card is the user's. */
export async function listCardReviews(db: Database, { cardId, userId }: { cardId: string; userId: string }): Promise<CardReviewRow[]> {
  return db.selectFrom("card_reviews").selectAll().where("card_id", "=", cardId).where("user_id", "=", userId).orderBy("reviewed_at", "desc").orderBy("id", "desc").execute();
}

/** The cards of these links of the user's, each with its reviews (oldest first): what the account's data export carries. */
export async function listCardsOfLinksForExport(db: Database, { userId, linkIds }: { userId: string; linkIds: string[] }): Promise<Array<CardRow & { reviews: CardReviewRow[] }>> {
  if (linkIds.length === 0) return [];
  const cards = await db.selectFrom("cards").selectAll().where("user_id", "=", userId).where("link_id", "in", linkIds).orderBy("created_at", "asc").orderBy("id", "asc").execute();
  if (cards.length === 0) return [];
  const reviews = await db
    .selectFrom("card_reviews")
    .selectAll()
    .where("user_id", "=", userId)
    .where(
      "card_id",
      "in",
      cards.map((card) => card.id),
    )
    .orderBy("reviewed_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return cards.map((card) => ({ ...card, reviews: reviews.filter((review) => review.card_id === card.id) }));
}
