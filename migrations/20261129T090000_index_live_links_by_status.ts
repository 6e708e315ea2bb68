import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// The dashboard counts a user's live links by status on every render (the sidebar's Processing
// and Failed, the list's totals). With no index holding the status, that read every one of a
// 10,000-link library's rows; this one answers it from the index alone.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("links_user_live_status_idx")
    .on("links")
    .columns(["user_id", "status"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("links_user_live_status_idx").execute();
}
