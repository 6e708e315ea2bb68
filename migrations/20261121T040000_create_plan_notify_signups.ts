import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // People who asked to hear when Scout and Creator open (the Get Notified button).
  await db.schema
    .createTable("plan_notify_signups")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("plans", sql`text[]`, (col) => col.notNull())
    .addColumn("user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("notified_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("plan_notify_signups").execute();
}
