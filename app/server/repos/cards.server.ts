import { sql } from "kysely";
import type { CardKind, CardState, ReviewDigest, ReviewGrade, Role } from "~/lib/vocabulary";
import type { Database } from "../platform/db.server";
import type { CardReviewRow, CardRow } from "../platform/db-schema.server";
import { likeLiteral } from "./database.server";

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

export interface CardFilter {
  userId: string;
  linkId?: string;
  suspended?: boolean;
  /** Words in the front, back or hint (case-insensitive). */
  q?: string;
  /** One of the link's tags. */
  tag?: string;
  state?: CardState;
}

/** The user's cards, newest first, optionally of one link, by suspension, words, the link's tag or FSRS state; each with its link's tags and title. */
export async function listCards(db: Database, { userId, linkId, suspended, q, tag, state, limit }: CardFilter & { limit: number }): Promise<Array<CardRow & { tags: string[]; link_title: string | null }>> {
  let query = live(db, userId).select([...COLUMNS, "links.tags as tags", "links.title as link_title"]);
  if (linkId) query = query.where("cards.link_id", "=", linkId);
  if (suspended !== undefined) query = query.where("cards.suspended", "=", suspended);
  if (state) query = query.where("cards.state", "=", state);
  if (tag) query = query.where(sql<boolean>`${tag} = any(links.tags)`);
  if (q) {
    const like = `%${likeLiteral(q)}%`;
    query = query.where((eb) => eb.or([eb("cards.front", "ilike", like), eb("cards.back", "ilike", like), eb("cards.hint", "ilike", like)]));
  }
  return query.orderBy("cards.created_at", "desc").orderBy("cards.id", "desc").limit(limit).execute();
}

/** Fronts of the user's term cards on a link: what "Add key terms" leaves out so a second press adds nothing twice. */
export async function listTermFronts(db: Database, { userId, linkId }: { userId: string; linkId: string }): Promise<string[]> {
  const rows = await db.selectFrom("cards").select("front").where("user_id", "=", userId).where("link_id", "=", linkId).where("kind", "=", "term").execute();
  return rows.map((row) => row.front);
}

export interface TagRetention {
  tag: string | null;
  cards: number;
  due: number;
  learning: number;
  mature: number;
  lapsed: number;
  reviews: number;
  recalled: number;
}

/** Stability at or above this many days makes a card mature (Anki's 21-day interval, in FSRS's terms). */
export const MATURE_DAYS = 21;

/**
 * Per tag of the cards' links (null: untagged), in one grouped query over the user's live cards:
 * how many, due now (not suspended), learning (learning or relearning), mature (stability ≥ 21
 * days), lapsed (forgotten once or more), and the reviews since `since` with how many were Good
 * or Easy. A card counts under each of its link's tags.
 */
export async function retentionByTag(db: Database, { userId, now, since }: { userId: string; now: Date; since: Date }): Promise<TagRetention[]> {
  const result = await sql<TagRetention>`
    with tagged as (
      select c.id, c.suspended, c.due, c.state, c.stability, c.lapses, t.tag
      from cards c
      join links l on l.id = c.link_id and l.user_id = ${userId} and l.deleted_at is null
      left join lateral unnest(l.tags) as t(tag) on true
      where c.user_id = ${userId}
    ), recent as (
      select r.card_id, count(*)::int as reviews, (count(*) filter (where r.grade in ('good', 'easy')))::int as recalled
      from card_reviews r
      where r.user_id = ${userId} and r.reviewed_at >= ${since}
      group by r.card_id
    )
    select tagged.tag,
      count(*)::int as cards,
      (count(*) filter (where not tagged.suspended and tagged.due <= ${now}))::int as due,
      (count(*) filter (where tagged.state in ('learning', 'relearning')))::int as learning,
      (count(*) filter (where tagged.stability >= ${MATURE_DAYS}))::int as mature,
      (count(*) filter (where tagged.lapses > 0))::int as lapsed,
      coalesce(sum(recent.reviews), 0)::int as reviews,
      coalesce(sum(recent.recalled), 0)::int as recalled
    from tagged left join recent on recent.card_id = tagged.id
    group by tagged.tag
    order by tagged.tag is null, count(*) desc, tagged.tag`.execute(db);
  return result.rows;
}

/** The user's live cards with their links' tags, oldest first: what the Anki and CSV exports write. */
export async function listCardsForExport(db: Database, { userId, limit }: { userId: string; limit: number }): Promise<Array<CardRow & { tags: string[]; link_title: string | null; link_url: string }>> {
  return live(db, userId)
    .select([...COLUMNS, "links.tags as tags", "links.title as link_title", "links.url as link_url"])
    .orderBy("cards.created_at", "asc")
    .orderBy("cards.id", "asc")
    .limit(limit)
    .execute();
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

/** A live link's text, title and language: what key-term cards are read from. */
export async function getLinkText(db: Database, { linkId, userId }: { linkId: string; userId: string }): Promise<{ id: string; content_text: string | null; title: string | null; language: string | null } | undefined> {
  return db
    .selectFrom("links")
    .select(["id", "content_text", "title", "language"])
    .where("id", "=", linkId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** A card as our JSON export carries it: its text, its FSRS state (never reviewed: no lastReview) and its history. */
export interface RestoredCard extends Omit<CardSchedule, "lastReview"> {
  userId: string;
  linkId: string;
  /** The restored highlight's quote and place on the link, to find its new id; null for a card without one. */
  highlight: { exact: string; start: number } | null;
  kind: CardKind;
  front: string;
  back: string;
  hint: string | null;
  sourceText: string | null;
  sourceStart: number | null;
  suspended: boolean;
  lastReview: Date | null;
  createdAt: Date | null;
  reviews: Array<{ grade: ReviewGrade; reviewedAt: Date; stateBefore: CardState; dueBefore: Date; dueAfter: Date }>;
}

/**
 * Cards from our own JSON export, onto the links an import saved, with their FSRS state and review
 * history: each one the link does not already hold (the same kind, front and back) is added, linked
 * to the restored highlight of the same quote and place. Returns how many were added.
 */
export async function insertRestoredCards(db: Database, rows: RestoredCard[]): Promise<number> {
  if (rows.length === 0) return 0;
  const linkIds = [...new Set(rows.map((row) => row.linkId))];
  const [held, highlights] = await Promise.all([
    db.selectFrom("cards").select(["link_id", "kind", "front", "back"]).where("link_id", "in", linkIds).execute(),
    db.selectFrom("highlights").select(["id", "link_id", "exact", "start_offset"]).where("link_id", "in", linkIds).execute(),
  ]);
  const key = (linkId: string, kind: string, front: string, back: string) => `${linkId}\u0000${kind}\u0000${front}\u0000${back}`;
  const seen = new Set(held.map((row) => key(row.link_id, row.kind, row.front, row.back)));
  const highlightIds = new Map(highlights.map((row) => [`${row.link_id}\u0000${row.start_offset}\u0000${row.exact}`, row.id]));
  let added = 0;
  for (const row of rows) {
    const id = key(row.linkId, row.kind, row.front, row.back);
    if (seen.has(id)) continue;
    seen.add(id);
    const highlightId = row.highlight ? (highlightIds.get(`${row.linkId}\u0000${row.highlight.start}\u0000${row.highlight.exact}`) ?? null) : null;
    const card = await db
      .insertInto("cards")
      .values({
        user_id: row.userId,
        link_id: row.linkId,
        highlight_id: highlightId,
        kind: row.kind,
        front: row.front,
        back: row.back,
        hint: row.hint,
        source_text: row.sourceText,
        source_start: row.sourceStart,
        suspended: row.suspended,
        due: row.due,
        stability: row.stability,
        difficulty: row.difficulty,
        elapsed_days: row.elapsedDays,
        scheduled_days: row.scheduledDays,
        learning_steps: row.learningSteps,
        reps: row.reps,
        lapses: row.lapses,
        state: row.state,
        last_review: row.lastReview,
        ...(row.createdAt ? { created_at: row.createdAt, updated_at: row.createdAt } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (row.reviews.length > 0) {
      await db
        .insertInto("card_reviews")
        .values(row.reviews.map((review) => ({ card_id: card.id, user_id: row.userId, grade: review.grade, reviewed_at: review.reviewedAt, state_before: review.stateBefore, due_before: review.dueBefore, due_after: review.dueAfter })))
        .execute();
    }
    added++;
  }
  return added;
}

/** The user's review digest choice. */
export async function getReviewDigest(db: Database, userId: string): Promise<ReviewDigest | undefined> {
  const row = await db.selectFrom("users").select("review_digest").where("id", "=", userId).executeTakeFirst();
  return row?.review_digest;
}

export async function setReviewDigest(db: Database, { userId, digest }: { userId: string; digest: ReviewDigest }): Promise<void> {
  await db.updateTable("users").set({ review_digest: digest }).where("id", "=", userId).execute();
}

/**
 * Users whose digest is owed at `now` (daily: none sent in the last 20 hours; weekly: in the last
 * 6½ days, so an hourly job keeps a steady time of day), active and confirmed, with their due count;
 * those with nothing due are left out. At most `limit`.
 */
export async function listDigestsOwed(db: Database, { now, limit }: { now: Date; limit: number }): Promise<Array<{ id: string; email: string; role: Role; due: number; review_digest_sent_at: Date | null }>> {
  const daily = new Date(now.getTime() - 20 * 3_600_000);
  const weekly = new Date(now.getTime() - 6.5 * 86_400_000);
  return db
    .selectFrom("users")
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("cards")
          .innerJoin("links", "links.id", "cards.link_id")
          .select(["cards.user_id", sql<number>`count(*)::int`.as("due")])
          .where("cards.suspended", "=", false)
          .where("cards.due", "<=", now)
          .where("links.deleted_at", "is", null)
          .groupBy("cards.user_id")
          .as("owed"),
      (join) => join.onRef("owed.user_id", "=", "users.id"),
    )
    .select(["users.id", "users.email", "users.role", "owed.due", "users.review_digest_sent_at"])
    .where("users.review_digest", "<>", "off")
    .where("users.is_active", "=", true)
    .where("users.email_confirmed", "=", true)
    .where((eb) =>
      eb.or([
        eb("users.review_digest_sent_at", "is", null),
        eb.and([eb("users.review_digest", "=", "daily"), eb("users.review_digest_sent_at", "<=", daily)]),
        eb.and([eb("users.review_digest", "=", "weekly"), eb("users.review_digest_sent_at", "<=", weekly)]),
      ]),
    )
    .orderBy("users.id")
    .limit(limit)
    .execute();
}

/** Marks a digest sent, only if no other run did since `previous` was read: one mail per period however many workers run. */
export async function claimDigest(db: Database, { userId, now, previous }: { userId: string; now: Date; previous: Date | null }): Promise<boolean> {
  let query = db.updateTable("users").set({ review_digest_sent_at: now }).where("id", "=", userId);
  query = previous === null ? query.where("review_digest_sent_at", "is", null) : query.where("review_digest_sent_at", "=", previous);
  return (await query.executeTakeFirst()).numUpdatedRows > 0n;
}
