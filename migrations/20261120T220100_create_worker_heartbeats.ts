import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("worker_heartbeats")
    .addColumn("worker_id", "text", (col) => col.primaryKey())
    .addColumn("hostname", "text", (col) => col.notNull())
    .addColumn("pid", "integer", (col) => col.notNull())
    .addColumn("started_at", "timestamptz", (col) => col.notNull())
    .addColumn("last_beat_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("jobs_processed", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("worker_heartbeats_last_beat_idx").on("worker_heartbeats").column("last_beat_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("worker_heartbeats").execute();
}
