import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per bulk action over many links: the snapshot of ids it applies to and how far it got.
  await db.schema
    .createTable("bulk_operations")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("action", "text", (col) =>
      col.notNull().check(sql`action in ('reenrich', 'retry', 'add-tag', 'remove-tag', 'share', 'unshare', 'delete', 'restore', 'export')`),
    )
    .addColumn("status", "text", (col) => col.notNull().defaultTo("running").check(sql`status in ('running', 'done', 'failed')`))
    // The tag of add-tag / remove-tag, the format of export.
    .addColumn("tag", "text")
    .addColumn("format", "text")
    // The selection, resolved when it was asked for: links saved later are not in it.
    .addColumn("link_ids", sql`uuid[]`, (col) => col.notNull())
    .addColumn("total", "integer", (col) => col.notNull())
    // link_ids[0..processed) are applied; a re-run of the job resumes after them.
    .addColumn("processed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("failed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  // The user's operations newest first; also the foreign key's index.
  await db.schema.createIndex("bulk_operations_user_created_idx").on("bulk_operations").columns(["user_id", "created_at desc"]).execute();
  // The reconciler's look-up of operations whose job was lost.
  await db.schema.createIndex("bulk_operations_running_idx").on("bulk_operations").column("updated_at").where(sql.ref("status"), "=", "running").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bulk_operations").execute();
}
