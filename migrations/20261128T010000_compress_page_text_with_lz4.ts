import { sql, type Kysely } from "kysely";

/**
 * A link's page text (up to 200,000 characters) is compressed with lz4 instead of Postgres's
 * default pglz: pglz cost Postgres about 1 ms of CPU per enrichment on the benchmark's pages,
 * lz4 about 0.1 ms, for about the same space on prose (decision 035). Only values written from
 * now on use it; a server built without lz4 keeps pglz.
 */
async function setCompression(db: Kysely<any>, method: "lz4" | "pglz") {
  await sql`
    do $$ begin
      alter table links alter column content_text set compression ${sql.raw(method)};
    exception when feature_not_supported then
      raise notice 'this Postgres has no lz4: page text stays compressed with pglz';
    end $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await setCompression(db, "lz4");
}

export async function down(db: Kysely<any>): Promise<void> {
  await setCompression(db, "pglz");
}
