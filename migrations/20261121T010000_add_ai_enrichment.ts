import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("category", "text").execute();
  await db.schema.createIndex("links_category_idx").on("links").column("category").execute();

  // What each counted enrichment cost: which engine, tokens in/out when reported, time.
  await db.schema
    .alterTable("enrichment_usage")
    .addColumn("provider", "text")
    .addColumn("model", "text")
    .addColumn("tokens_in", "integer")
    .addColumn("tokens_out", "integer")
    .addColumn("duration_ms", "integer")
    .execute();

  // On-demand results of a link (advanced summary, quiz, rephrasing per level, course),
  // stored and served again until the user asks to regenerate.
  await db.schema
    .createTable("link_artifacts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("link_id", "uuid", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('advanced', 'quiz', 'rephrase', 'course')`))
    // The difficulty for a rephrasing; '' for the others, so (link, kind, variant) is unique.
    .addColumn("variant", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending").check(sql`status in ('pending', 'ready', 'error')`))
    .addColumn("error", "text")
    .addColumn("payload", "jsonb")
    .addColumn("engine", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("link_artifacts_key").on("link_artifacts").columns(["link_id", "kind", "variant"]).unique().execute();

  await db.schema
    .createTable("user_preferences")
    .addColumn("user_id", "uuid", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("summary_length", "text", (col) => col.notNull().defaultTo("medium").check(sql`summary_length in ('short', 'medium', 'long')`))
    .addColumn("language", "text")
    .addColumn("difficulty", "text", (col) => col.notNull().defaultTo("intermediate").check(sql`difficulty in ('beginner', 'intermediate', 'expert')`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_preferences").execute();
  await db.schema.dropTable("link_artifacts").execute();
  await db.schema
    .alterTable("enrichment_usage")
    .dropColumn("provider")
    .dropColumn("model")
    .dropColumn("tokens_in")
    .dropColumn("tokens_out")
    .dropColumn("duration_ms")
    .execute();
  await db.schema.alterTable("links").dropColumn("category").execute();
}
