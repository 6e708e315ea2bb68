import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // The admin's saved cells of the role × feature table. Only cells someone saved are here: a
  // missing row reads as the default in code, so a feature added later starts at its default.
  // Only the plan roles an admin may switch (Scout and Creator); Free and Admin are fixed.
  // Who saved a cell is copied (id and email), not a foreign key, so deleting that admin's
  // account neither fails nor loses the record.
  await db.schema
    .createTable("feature_flags")
    .addColumn("feature_key", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('LiteUser', 'ProUser')`))
    .addColumn("enabled", "boolean", (col) => col.notNull())
    .addColumn("updated_by_id", "uuid")
    .addColumn("updated_by_label", "text")
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("feature_flags_pkey", ["feature_key", "role"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feature_flags").execute();
}
