import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Delete with Undo: a deleted link keeps its row (and its results and share page) until the
// purge job removes it, so every read of a user's links skips rows with deleted_at set.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("deleted_at", "timestamptz").execute();
  // The dashboard's list and its keyset pages read live links only, newest first with the id as
  // tie-break: a partial index in exactly that order, which also replaces the one over every row.
  await db.schema
    .createIndex("links_user_live_saved_idx")
    .on("links")
    .columns(["user_id", "saved_at desc", "id desc"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  await db.schema.dropIndex("links_user_saved_idx").execute();
  // The purge job's scan: deleted rows by age; few next to all links, so a partial index.
  await db.schema
    .createIndex("links_deleted_idx")
    .on("links")
    .column("deleted_at")
    .where(sql.ref("deleted_at"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Rows still awaiting their purge were deleted by their owners: going back removes them for good.
  await sql`delete from links where deleted_at is not null`.execute(db);
  await db.schema.dropIndex("links_deleted_idx").execute();
  await db.schema.createIndex("links_user_saved_idx").on("links").columns(["user_id", "saved_at desc", "id"]).execute();
  await db.schema.dropIndex("links_user_live_saved_idx").execute();
  await db.schema.alterTable("links").dropColumn("deleted_at").execute();
}
