import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Read, unread, archive (issue #35, decision 056): when the user marked a link read and when they
// archived it, both null (Unread, in the library) until the user says otherwise. Imports stage
// the read state their file carries; the bulk queue gains the four actions that set it.
const BULK_ACTIONS = ["reenrich", "retry", "add-tag", "remove-tag", "share", "unshare", "delete", "restore", "export"];
const READ_ACTIONS = ["mark-read", "mark-unread", "archive", "unarchive"];

async function bulkActions(db: Kysely<any>, actions: string[]): Promise<void> {
  await sql`alter table bulk_operations drop constraint if exists bulk_operations_action_check`.execute(db);
  await sql`alter table bulk_operations add constraint bulk_operations_action_check check (action in (${sql.join(actions.map((action) => sql.lit(action)))}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("read_at", "timestamptz").addColumn("archived_at", "timestamptz").execute();
  await db.schema
    .alterTable("import_items")
    .addColumn("read", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("archived", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
  await bulkActions(db, [...BULK_ACTIONS, ...READ_ACTIONS]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bulk_operations where action in (${sql.join(READ_ACTIONS.map((action) => sql.lit(action)))})`.execute(db);
  await bulkActions(db, BULK_ACTIONS);
  await db.schema.alterTable("import_items").dropColumn("read").dropColumn("archived").execute();
  await db.schema.alterTable("links").dropColumn("read_at").dropColumn("archived_at").execute();
}
