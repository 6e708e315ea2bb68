import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // When a re-enrichment's (or retry's) failures were told: set in the transaction that saves the
  // "N links could not be enriched" notification, or when none of its links failed (decision 032).
  await db.schema.alterTable("bulk_operations").addColumn("failures_notified_at", "timestamptz").execute();
  // The reconciler's look-up of finished ones not yet told: only those are in it.
  await sql`
    create index bulk_operations_failures_untold_idx on bulk_operations (finished_at)
    where failures_notified_at is null and status = 'done' and action in ('reenrich', 'retry')`.execute(db);
  // Operations finished before this column, whose links have all ended, were told (or not) by the
  // earlier check: only those still waiting for a link are left to tell.
  await sql`
    update bulk_operations b set failures_notified_at = coalesce(b.finished_at, b.updated_at)
    where b.status = 'done' and b.action in ('reenrich', 'retry')
      and not exists (
        select 1 from links l
        where l.id = any(b.link_ids) and l.user_id = b.user_id and l.deleted_at is null and l.status = 'pending'
      )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bulk_operations").dropColumn("failures_notified_at").execute();
}
