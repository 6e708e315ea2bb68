import type { Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// The owner's choice to show a shared link's highlights and notes on its public page (decision
// 060): off until they turn it on, and only while the link is public.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("share_highlights", "boolean", (col) => col.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").dropColumn("share_highlights").execute();
}
