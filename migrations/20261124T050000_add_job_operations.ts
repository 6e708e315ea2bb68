import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // What the jobs console shows of each worker: what it serves, how wide, how it fares, what it
  // runs now, and its own beat interval (a worker silent for two of them is lost).
  await db.schema
    .alterTable("worker_heartbeats")
    .addColumn("queues", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("concurrency", "integer")
    .addColumn("heartbeat_interval_ms", "integer")
    .addColumn("jobs_failed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("current_jobs", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  // An operator's re-enrichment of an enriched link: the link stays Enriched (and readable) until
  // the new result replaces the old one, and the mark tells the worker not to charge for it.
  await db.schema.alterTable("links").addColumn("reenrich_requested_at", "timestamptz").execute();
  await db.schema
    .createIndex("links_reenrich_idx")
    .on("links")
    .column("reenrich_requested_at")
    .where(sql.ref("reenrich_requested_at"), "is not", null)
    .execute();

  // Failed work, newest first: the rows are few next to all links, so partial indexes keep
  // listing and grouping them cheap however large the tables grow.
  await db.schema
    .createIndex("links_failed_idx")
    .on("links")
    .columns(["updated_at desc", "id desc"])
    .where(sql.ref("status"), "=", "error")
    .execute();
  await db.schema
    .createIndex("link_artifacts_failed_idx")
    .on("link_artifacts")
    .columns(["updated_at desc", "id desc"])
    .where(sql.ref("status"), "=", "error")
    .execute();
  // Re-enrichment by engine (and date): the case of switching models.
  await db.schema
    .createIndex("links_enriched_engine_idx")
    .on("links")
    .columns(["enrichment_engine", "enriched_at"])
    .where(sql.ref("status"), "=", "enriched")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("links_enriched_engine_idx").execute();
  await db.schema.dropIndex("link_artifacts_failed_idx").execute();
  await db.schema.dropIndex("links_failed_idx").execute();
  await db.schema.dropIndex("links_reenrich_idx").execute();
  await db.schema.alterTable("links").dropColumn("reenrich_requested_at").execute();
  await db.schema
    .alterTable("worker_heartbeats")
    .dropColumn("queues")
    .dropColumn("concurrency")
    .dropColumn("heartbeat_interval_ms")
    .dropColumn("jobs_failed")
    .dropColumn("current_jobs")
    .execute();
}
