import { sql, type Kysely } from "kysely";

/**
 * The page's text in a link's search vector is bounded to its first 20,000 characters (about
 * 3,000 words). to_tsvector over a whole 150,000-character page costs Postgres 20–35 ms of CPU
 * per enrichment, which halved the worker's throughput (decision 031, amendment of 2026-11-24).
 * Title, tags, description, summary and notes stay whole. Rows already indexed keep their vector.
 */
function vectorFunction(textLimit: number) {
  return sql`
    create or replace function links_search_vector_update() returns trigger language plpgsql as $$
    declare
      config regconfig := link_search_config(new.language);
    begin
      new.search_vector :=
        setweight(to_tsvector(config, coalesce(new.title, '')), 'A') ||
        setweight(to_tsvector(config, array_to_string(new.tags, ' ') || ' ' || coalesce(new.description, '')), 'B') ||
        setweight(to_tsvector(config, coalesce(new.summary, '') || ' ' || coalesce(new.notes, '')), 'C') ||
        setweight(to_tsvector(config, left(coalesce(new.content_text, ''), ${sql.lit(textLimit)})), 'D');
      return new;
    end
    $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await vectorFunction(20_000).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await vectorFunction(200_000).execute(db);
}
