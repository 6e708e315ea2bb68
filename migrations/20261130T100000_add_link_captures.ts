import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// "Save page as I see it" (issue #37, decision 069): the page the browser extension captured, as the
// user's browser rendered it. The worker reads the link from it instead of fetching the address, on
// every enrichment of that link (a retry or a re-enrichment too). One per link; a later capture
// replaces it; removed with the link. The size check repeats the API's cap (2 MB of HTML) as a last line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("link_captures")
    .addColumn("link_id", "uuid", (col) => col.primaryKey().references("links.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("html", "text", (col) => col.notNull())
    .addColumn("captured_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("link_captures_html_size_check", sql`octet_length(html) <= 2097152`)
    .execute();
  await sql`create index link_captures_user_idx on link_captures (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("link_captures").execute();
}
