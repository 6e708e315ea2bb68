import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// When the session's owner last proved who they are (decision 048): its sign-in, then each
// re-authentication. The account actions that ask no password want it recent. A session from
// before this column last proved it when it was created, so that is where it starts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("auth_sessions").addColumn("authenticated_at", "timestamptz").execute();
  await sql`update auth_sessions set authenticated_at = created_at`.execute(db);
  await db.schema
    .alterTable("auth_sessions")
    .alterColumn("authenticated_at", (col) => col.setNotNull())
    .alterColumn("authenticated_at", (col) => col.setDefault(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("auth_sessions").dropColumn("authenticated_at").execute();
}
