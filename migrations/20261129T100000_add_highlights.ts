import { sql, type Kysely, type RawBuilder } from "kysely";

// Frozen in time: never import app code from a migration.
// Highlights and notes in the reader (issue #35, decision 060). A highlight is the user's: a
// text-quote selector (the exact text, up to 64 characters either side of it) and the position of
// its first character in the article's text (a hint), a colour and an optional note. Nothing but
// its owner changes one; enrichment never touches the table. Deleting the link (trash) keeps them;
// the purge removes them with the link (foreign key cascade).
//
// Search (decision 031): each highlight has its own vector, in its link's language (the highlights
// page searches them, GIN index led by the owner); and the link's own vectors take in its
// highlights' text and notes (`links.highlights_text`, kept by a trigger on highlights, weight C like
// the link's notes), so the library's search finds a link by them through the index it already has,
// with no join.

const rankVector = sql`
  setweight(to_tsvector(config, coalesce(new.title, '')), 'A') ||
  setweight(to_tsvector(config, array_to_string(new.tags, ' ') || ' ' || coalesce(new.description, '')), 'B') ||
  setweight(to_tsvector(config, coalesce(new.summary, '') || ' ' || coalesce(new.notes, '')), 'C')`;
const highlightsVector = sql` || setweight(to_tsvector(config, coalesce(new.highlights_text, '')), 'C')`;
const textVector = sql`setweight(to_tsvector(config, left(coalesce(new.content_text, ''), 20000)), 'D')`;

function linksTriggerFunction(withHighlights: boolean): RawBuilder<unknown> {
  return sql`
    create or replace function links_search_vector_update() returns trigger language plpgsql as $$
    declare
      config regconfig := link_search_config(new.language);
    begin
      new.search_rank_vector := ${rankVector}${withHighlights ? highlightsVector : sql``};
      new.search_vector := new.search_rank_vector || ${textVector};
      return new;
    end
    $$`;
}

function linksTrigger(withHighlights: boolean): RawBuilder<unknown> {
  const columns = sql.raw(`title, tags, description, summary, notes, content_text, language${withHighlights ? ", highlights_text" : ""}`);
  return sql`create trigger links_search_vector before insert or update of ${columns} on links for each row execute function links_search_vector_update()`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("highlights")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("link_id", "uuid", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("exact", "text", (col) => col.notNull())
    .addColumn("prefix", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("suffix", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("start_offset", "integer", (col) => col.notNull().check(sql`start_offset >= 0`))
    .addColumn("colour", "text", (col) => col.notNull().defaultTo("yellow").check(sql`colour in ('yellow', 'green', 'blue', 'pink', 'purple')`))
    .addColumn("note", "text")
    .addColumn("search_vector", sql`tsvector`)
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("highlights_exact_size_check", sql`length(exact) between 1 and 5000`)
    .addCheckConstraint("highlights_context_size_check", sql`length(prefix) <= 200 and length(suffix) <= 200`)
    .addCheckConstraint("highlights_note_size_check", sql`note is null or length(note) <= 10000`)
    .execute();
  await sql`create index highlights_link_created_idx on highlights (link_id, created_at desc, id desc)`.execute(db);
  await sql`create index highlights_user_created_idx on highlights (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index highlights_user_search_idx on highlights using gin (user_id, search_vector)`.execute(db);

  // A highlight's vector, in its link's language: the quote (B) and the note (C).
  await sql`
    create function highlights_search_vector_update() returns trigger language plpgsql as $$
    declare
      config regconfig := link_search_config((select language from links where id = new.link_id));
    begin
      new.search_vector := setweight(to_tsvector(config, new.exact), 'B') || setweight(to_tsvector(config, coalesce(new.note, '')), 'C');
      return new;
    end
    $$`.execute(db);
  // Written again when the quote or note changes, or when the vector is cleared: a link's language
  // is known only once it is enriched, so a change of it clears its highlights' vectors.
  await sql`create trigger highlights_search_vector before insert or update of exact, note, search_vector on highlights for each row execute function highlights_search_vector_update()`.execute(db);
  await sql`
    create function links_highlights_language_update() returns trigger language plpgsql as $$
    begin
      update highlights set search_vector = null where link_id = new.id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger links_highlights_language after update of language on links
    for each row when (old.language is distinct from new.language) execute function links_highlights_language_update()`.execute(db);

  // The link's copy of its highlights' text and notes, oldest first, bounded like its page text.
  // Statement triggers over the changed rows: a bulk insert aggregates each link once, not once a row.
  await db.schema.alterTable("links").addColumn("highlights_text", "text").execute();
  await sql`
    create function highlights_link_text_update() returns trigger language plpgsql as $$
    begin
      update links set highlights_text = (
        select left(string_agg(h.exact || coalesce(' ' || h.note, ''), ' ' order by h.created_at, h.id), 20000)
        from highlights h where h.link_id = links.id)
      where links.id in (select distinct link_id from changed);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger highlights_link_text_insert after insert on highlights referencing new table as changed for each statement execute function highlights_link_text_update()`.execute(db);
  await sql`create trigger highlights_link_text_update after update on highlights referencing new table as changed for each statement execute function highlights_link_text_update()`.execute(db);
  await sql`create trigger highlights_link_text_delete after delete on highlights referencing old table as changed for each statement execute function highlights_link_text_update()`.execute(db);

  await sql`drop trigger links_search_vector on links`.execute(db);
  await linksTriggerFunction(true).execute(db);
  await linksTrigger(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger links_search_vector on links`.execute(db);
  await linksTriggerFunction(false).execute(db);
  await linksTrigger(false).execute(db);
  await sql`drop trigger links_highlights_language on links`.execute(db);
  await sql`drop function links_highlights_language_update()`.execute(db);
  await db.schema.dropTable("highlights").execute();
  await sql`drop function highlights_link_text_update()`.execute(db);
  await sql`drop function highlights_search_vector_update()`.execute(db);
  // The links' vectors lose the highlights' words (the trigger fires on the column named).
  await sql`update links set notes = notes where highlights_text is not null`.execute(db);
  await db.schema.alterTable("links").dropColumn("highlights_text").execute();
}
