import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("links")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
    // Lower-case host, no fragment, no default port: one row per page per user.
    .addColumn("normalized_url", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending").check(sql`status in ('pending', 'enriched', 'error')`))
    .addColumn("error", "text")
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("favicon", "text")
    .addColumn("canonical_url", "text")
    .addColumn("language", "text")
    .addColumn("reading_minutes", "integer")
    .addColumn("content_text", "text")
    .addColumn("summary", "text")
    .addColumn("tags", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("code_snippets", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("enrichment_engine", "text")
    .addColumn("enriched_at", "timestamptz")
    // When the user last added this URL: the list is ordered by it, so a re-add moves to the top.
    .addColumn("saved_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("links_user_url_key").on("links").columns(["user_id", "normalized_url"]).unique().execute();
  await db.schema.createIndex("links_user_saved_idx").on("links").columns(["user_id", "saved_at desc", "id"]).execute();
  // The reconciler's scan: pending rows by age.
  await db.schema
    .createIndex("links_pending_idx")
    .on("links")
    .column("updated_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();

  // One row per successful enrichment: the monthly meter counts these.
  await db.schema
    .createTable("enrichment_usage")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("link_id", "uuid", (col) => col.references("links.id").onDelete("set null"))
    .addColumn("kind", "text", (col) => col.notNull())
    // Paid from the monthly allowance, or from pack credits once that is spent.
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('allowance', 'credit', 'unlimited')`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("enrichment_usage_user_created_idx").on("enrichment_usage").columns(["user_id", "created_at"]).execute();

  await db.schema
    .alterTable("users")
    .addColumn("pack_credits", "integer", (col) => col.notNull().defaultTo(0).check(sql`pack_credits >= 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("pack_credits").execute();
  await db.schema.dropTable("enrichment_usage").execute();
  await db.schema.dropTable("links").execute();
}
