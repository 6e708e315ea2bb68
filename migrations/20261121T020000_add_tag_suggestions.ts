import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // Tags the engine proposes beyond the ones it applied (Scout and up): accepted or dismissed by the user.
  await db.schema
    .alterTable("links")
    .addColumn("tag_suggestions", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").dropColumn("tag_suggestions").execute();
}
