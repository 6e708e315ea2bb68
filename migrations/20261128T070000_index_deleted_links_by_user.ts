import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Recently deleted (decision 042): a user's deleted links, last deleted first, paged by
// (deleted_at, id). The purge's index (links_deleted_idx, on deleted_at alone) holds every
// account's; this one leads with the owner, partial on deleted rows like it, so a page of one
// user's 10,000 deleted links never reads another's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("links_user_deleted_idx")
    .on("links")
    .columns(["user_id", "deleted_at desc", "id desc"])
    .where(sql.ref("deleted_at"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("links_user_deleted_idx").execute();
}
