import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// The review digest (issue #36): a user may ask for a daily or weekly mail saying how many cards are
// due; off by default. review_digest_sent_at is when the last one went, so an hourly job sends each
// once a day (or week) however often it runs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("review_digest", "text", (col) => col.notNull().defaultTo("off").check(sql`review_digest in ('off', 'daily', 'weekly')`))
    .addColumn("review_digest_sent_at", "timestamptz")
    .execute();
  await sql`create index users_review_digest_idx on users (review_digest_sent_at) where review_digest <> 'off'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_review_digest_idx`.execute(db);
  await db.schema.alterTable("users").dropColumn("review_digest_sent_at").dropColumn("review_digest").execute();
}
