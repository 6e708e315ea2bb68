import { sql, type Kysely, type RawBuilder } from "kysely";

/**
 * The search trigger (decision 031) wrote title, tags and description, and summary and notes into
 * both vectors, running `to_tsvector` over each of them twice. The rank vector is now made first and
 * the search vector is it with the page's text added: the same vector (`||` is associative), three
 * `to_tsvector` calls a link fewer.
 */
const rankVector = sql`
  setweight(to_tsvector(config, coalesce(new.title, '')), 'A') ||
  setweight(to_tsvector(config, array_to_string(new.tags, ' ') || ' ' || coalesce(new.description, '')), 'B') ||
  setweight(to_tsvector(config, coalesce(new.summary, '') || ' ' || coalesce(new.notes, '')), 'C')`;
const textVector = sql`setweight(to_tsvector(config, left(coalesce(new.content_text, ''), 20000)), 'D')`;

function triggerFunction(body: RawBuilder<unknown>) {
  return sql`
    create or replace function links_search_vector_update() returns trigger language plpgsql as $$
    declare
      config regconfig := link_search_config(new.language);
    begin
      ${body}
      return new;
    end
    $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await triggerFunction(sql`
      new.search_rank_vector := ${rankVector};
      new.search_vector := new.search_rank_vector || ${textVector};`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await triggerFunction(sql`
      new.search_vector := ${rankVector} || ${textVector};
      new.search_rank_vector := ${rankVector};`).execute(db);
}
