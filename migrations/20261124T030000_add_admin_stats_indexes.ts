import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// The admin console's live figures read recent rows by time; without these they scan whole tables.
export async function up(db: Kysely<any>): Promise<void> {
  // Users by role come from users_role_idx and new ones from users_created_idx; unconfirmed
  // (active, email not confirmed) and deactivated accounts each read a small partial index
  // instead of the whole table.
  await sql`create index users_unconfirmed_idx on users (created_at) where email_confirmed = false and is_active = true`.execute(db);
  await db.schema.createIndex("users_deactivated_idx").on("users").column("created_at").where(sql.ref("is_active"), "=", false).execute();
  // Links saved today: a short range at the end of the index.
  await db.schema.createIndex("links_created_at_idx").on("links").column("created_at").execute();
  // Failures of the last 24 hours: only failed rows are indexed, so the index stays small.
  await db.schema.createIndex("links_failed_at_idx").on("links").column("updated_at").where(sql.ref("status"), "=", "error").execute();
  await db.schema
    .createIndex("link_artifacts_failed_at_idx")
    .on("link_artifacts")
    .column("updated_at")
    .where(sql.ref("status"), "=", "error")
    .execute();
  // Enrichments today and this month by engine: an index-only scan, no visit to the table.
  await sql`create index enrichment_usage_created_at_idx on enrichment_usage (created_at) include (provider, model)`.execute(db);
  // An index-only scan reads the table only for pages vacuum has not yet marked all-visible. By
  // default autovacuum waits for 20% new rows, so on a large instance the newest fifth of links
  // (and this month's usage rows, all of them recent) would be read from the table on every
  // count; at 1% it comes by often, and a vacuum of new rows is cheap.
  await sql`alter table links set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
  await sql`alter table enrichment_usage set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table enrichment_usage reset (autovacuum_vacuum_insert_scale_factor)`.execute(db);
  await sql`alter table links reset (autovacuum_vacuum_insert_scale_factor)`.execute(db);
  await db.schema.dropIndex("enrichment_usage_created_at_idx").execute();
  await db.schema.dropIndex("link_artifacts_failed_at_idx").execute();
  await db.schema.dropIndex("links_failed_at_idx").execute();
  await db.schema.dropIndex("links_created_at_idx").execute();
  await db.schema.dropIndex("users_deactivated_idx").execute();
  await db.schema.dropIndex("users_unconfirmed_idx").execute();
}
