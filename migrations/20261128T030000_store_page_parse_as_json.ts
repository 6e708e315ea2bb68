import { sql, type Kysely } from "kysely";

/**
 * The shared fetch's parse (the page's whole text and reader details, up to about 200 KB) is
 * only ever stored and read back whole, never queried inside: it is kept as `json` (checked and
 * stored as sent) rather than `jsonb` (taken apart into a binary tree on every write and put
 * back together on every read), compressed with lz4 rather than pglz. On the benchmark's pages
 * this took Postgres's CPU for the write from about 2.7 ms to 0.6 ms a page (decision 035).
 * A server built without lz4 keeps pglz.
 */
async function setCompression(db: Kysely<any>, method: "lz4" | "pglz") {
  await sql`
    do $$ begin
      alter table fetch_cache alter column parse set compression ${sql.raw(method)};
    exception when feature_not_supported then
      raise notice 'this Postgres has no lz4: the shared parse stays compressed with pglz';
    end $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table fetch_cache alter column parse type json using parse::json`.execute(db);
  await setCompression(db, "lz4");
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table fetch_cache alter column parse type jsonb using parse::jsonb`.execute(db);
  await setCompression(db, "pglz");
}
