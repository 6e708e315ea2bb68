import type { Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Deleting a user (or a link) makes Postgres find the rows that point at it; without an index on
// the referencing column that is a scan of the whole table, once per deleted row.
const INDEXES = [
  ["link_artifacts_user_idx", "link_artifacts", "user_id"],
  ["enrichment_usage_link_idx", "enrichment_usage", "link_id"],
  ["contact_messages_user_idx", "contact_messages", "user_id"],
  ["plan_notify_signups_user_idx", "plan_notify_signups", "user_id"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
