import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// The reader view (issue 35, decision 055):
// - link_articles: the article's HTML as the page had it (the element the reader chose), kept
//   beside the link rather than on it, so the list's reads of `links` never carry it. It is the
//   page's, not the user's: a re-enrichment replaces it. Sanitised when shown, never trusted.
// - reading_positions: how far the owner has read a link (0..1), saved as they scroll.
// - user_preferences: the reader's font size and column width, remembered for every device.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("link_articles")
    .addColumn("link_id", "uuid", (col) => col.primaryKey().references("links.id").onDelete("cascade"))
    .addColumn("html", "text", (col) => col.notNull())
    // The address the page was read from: what the article's relative links and images resolve against.
    .addColumn("base_url", "text", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("link_articles_html_size_check", sql`length(html) <= 500000`)
    .execute();
  await sql`
    do $$ begin
      alter table link_articles alter column html set compression lz4;
    exception when feature_not_supported then
      raise notice 'this Postgres has no lz4: article HTML stays compressed with pglz';
    end $$`.execute(db);
  await db.schema
    .createTable("reading_positions")
    .addColumn("link_id", "uuid", (col) => col.primaryKey().references("links.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("progress", "real", (col) => col.notNull().check(sql`progress >= 0 and progress <= 1`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The foreign key's index (decision on indexing foreign keys): a user's deletion finds their rows.
  await sql`create index reading_positions_user_id_idx on reading_positions (user_id)`.execute(db);
  await db.schema
    .alterTable("user_preferences")
    .addColumn("reader_font_size", "text", (col) => col.notNull().defaultTo("medium").check(sql`reader_font_size in ('small', 'medium', 'large', 'x-large')`))
    .addColumn("reader_width", "text", (col) => col.notNull().defaultTo("medium").check(sql`reader_width in ('narrow', 'medium', 'wide')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user_preferences").dropColumn("reader_width").dropColumn("reader_font_size").execute();
  await db.schema.dropTable("reading_positions").execute();
  await db.schema.dropTable("link_articles").execute();
}
