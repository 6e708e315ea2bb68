import { sql, type Kysely } from "kysely";

/**
 * The search index leads with the owner (decision 031, amendment "relevance ranks the newest 500 matches"): every search is
 * one user's, and the GIN index on the vector alone answered a common word with every account's
 * matches (110,000 of 1,000,000 links for a word in 10%) before the owner's were picked out of
 * the heap. btree_gin lets a GIN index hold user_id beside the vector, so the index answers the
 * owner's matches alone. It replaces links_search_idx (partial on live rows, like it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index links_user_search_idx on links using gin (user_id, search_vector) where deleted_at is null`.execute(db);
  await sql`drop index links_search_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index links_search_idx on links using gin (search_vector) where deleted_at is null`.execute(db);
  await sql`drop index links_user_search_idx`.execute(db);
  // The extension stays: another object may use it by now, and it costs nothing unused.
}
