import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // What happened, by whom, to what: admin actions, flag changes, sign-ups, role changes,
  // deletions, purchases, job replays. Append-only; actor and target are copied (id and a
  // label), not foreign keys, so the trail outlives the accounts it names.
  await db.schema
    .createTable("audit_events")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("actor_id", "uuid")
    .addColumn("actor_label", "text")
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("target_label", "text")
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Newest first, all kinds or one kind: both walk an index backwards by id.
  await db.schema.createIndex("audit_events_kind_id_idx").on("audit_events").columns(["kind", "id"]).execute();
  await db.schema.createIndex("audit_events_target_idx").on("audit_events").columns(["target_type", "target_id"]).execute();
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_events_append_only before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_events").execute();
  await sql`drop function if exists audit_events_append_only()`.execute(db);
}
