import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Spaced review (issue #36, decision 068). A card is the user's: made from their highlight (a cloze
// of the passage, the note as a hint), a quiz question or a key term they chose, or written by hand.
// It keeps the passage it came from (text and where it began in the article) so it links back and
// outlives its highlight (set null). FSRS's state per card (ts-fsrs's Card fields); each grade adds
// a card_reviews row with the state and due date before and after. The link's purge removes both.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cards")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("link_id", "uuid", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("highlight_id", "uuid", (col) => col.references("highlights.id").onDelete("set null"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('highlight', 'quiz', 'term')`))
    .addColumn("front", "text", (col) => col.notNull())
    .addColumn("back", "text", (col) => col.notNull())
    .addColumn("hint", "text")
    .addColumn("source_text", "text")
    .addColumn("source_start", "integer", (col) => col.check(sql`source_start >= 0`))
    .addColumn("suspended", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("due", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("stability", "double precision", (col) => col.notNull().defaultTo(0))
    .addColumn("difficulty", "double precision", (col) => col.notNull().defaultTo(0))
    .addColumn("elapsed_days", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("scheduled_days", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("learning_steps", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("reps", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lapses", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("state", "text", (col) => col.notNull().defaultTo("new").check(sql`state in ('new', 'learning', 'review', 'relearning')`))
    .addColumn("last_review", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("cards_front_size_check", sql`length(front) between 1 and 5000`)
    .addCheckConstraint("cards_back_size_check", sql`length(back) between 1 and 5000`)
    .addCheckConstraint("cards_hint_size_check", sql`hint is null or length(hint) <= 10000`)
    .addCheckConstraint("cards_source_size_check", sql`source_text is null or length(source_text) <= 20000`)
    .execute();
  // The review queue: a user's cards by due date, suspended ones left out.
  await sql`create index cards_user_due_idx on cards (user_id, due, id) where not suspended`.execute(db);
  await sql`create index cards_user_created_idx on cards (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index cards_link_idx on cards (link_id)`.execute(db);
  await sql`create index cards_highlight_idx on cards (highlight_id) where highlight_id is not null`.execute(db);

  await db.schema
    .createTable("card_reviews")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("card_id", "uuid", (col) => col.notNull().references("cards.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("grade", "text", (col) => col.notNull().check(sql`grade in ('again', 'hard', 'good', 'easy')`))
    .addColumn("reviewed_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("state_before", "text", (col) => col.notNull().check(sql`state_before in ('new', 'learning', 'review', 'relearning')`))
    .addColumn("due_before", "timestamptz", (col) => col.notNull())
    .addColumn("due_after", "timestamptz", (col) => col.notNull())
    .execute();
  await sql`create index card_reviews_card_idx on card_reviews (card_id, reviewed_at desc)`.execute(db);
  await sql`create index card_reviews_user_idx on card_reviews (user_id, reviewed_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("card_reviews").execute();
  await db.schema.dropTable("cards").execute();
}
