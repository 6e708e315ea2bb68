import { sql, type Kysely } from "kysely";

/**
 * A second, small search vector to rank on (decision 031, amendment "relevance ranks the newest 500 matches"): title (A),
 * tags and description (B), summary and notes (C), without the page's text. `search_vector`
 * still decides whether a link matches (through its GIN index); ranking every match on it read
 * each match's whole vector (up to 20,000 characters of page text) and was most of a relevance
 * search's time. The trigger writes both; existing rows get theirs here.
 */
function vectorFunction({ rankVector }: { rankVector: boolean }) {
  const rank = rankVector
    ? sql`
      new.search_rank_vector :=
        setweight(to_tsvector(config, coalesce(new.title, '')), 'A') ||
        setweight(to_tsvector(config, array_to_string(new.tags, ' ') || ' ' || coalesce(new.description, '')), 'B') ||
        setweight(to_tsvector(config, coalesce(new.summary, '') || ' ' || coalesce(new.notes, '')), 'C');`
    : sql``;
  return sql`
    create or replace function links_search_vector_update() returns trigger language plpgsql as $$
    declare
      config regconfig := link_search_config(new.language);
    begin
      new.search_vector :=
        setweight(to_tsvector(config, coalesce(new.title, '')), 'A') ||
        setweight(to_tsvector(config, array_to_string(new.tags, ' ') || ' ' || coalesce(new.description, '')), 'B') ||
        setweight(to_tsvector(config, coalesce(new.summary, '') || ' ' || coalesce(new.notes, '')), 'C') ||
        setweight(to_tsvector(config, left(coalesce(new.content_text, ''), 20000)), 'D');
      ${rank}
      return new;
    end
    $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("search_rank_vector", sql`tsvector`).execute();
  await vectorFunction({ rankVector: true }).execute(db);
  // The trigger fires only on the columns it names, so this writes the new column alone.
  await sql`
    update links set search_rank_vector =
      setweight(to_tsvector(link_search_config(language), coalesce(title, '')), 'A') ||
      setweight(to_tsvector(link_search_config(language), array_to_string(tags, ' ') || ' ' || coalesce(description, '')), 'B') ||
      setweight(to_tsvector(link_search_config(language), coalesce(summary, '') || ' ' || coalesce(notes, '')), 'C')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await vectorFunction({ rankVector: false }).execute(db);
  await db.schema.alterTable("links").dropColumn("search_rank_vector").execute();
}
