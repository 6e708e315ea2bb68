import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Full-text search over a link (decision 031): the owner's notes, and a weighted tsvector kept by
// a trigger in the text-search configuration of the link's language, with a GIN index.

/** ISO 639-1 codes (as the reader stores links.language) → the configurations Postgres ships. */
const CONFIGS: Record<string, string> = {
  ar: "arabic",
  hy: "armenian",
  eu: "basque",
  ca: "catalan",
  da: "danish",
  nl: "dutch",
  en: "english",
  fi: "finnish",
  fr: "french",
  de: "german",
  el: "greek",
  hi: "hindi",
  hu: "hungarian",
  id: "indonesian",
  ga: "irish",
  it: "italian",
  lt: "lithuanian",
  ne: "nepali",
  no: "norwegian",
  nb: "norwegian",
  nn: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sr: "serbian",
  es: "spanish",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
  yi: "yiddish",
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("notes", "text").addColumn("search_vector", sql`tsvector`).execute();
  const cases = Object.entries(CONFIGS)
    .map(([code, config]) => `when '${code}' then '${config}'::regconfig`)
    .join(" ");
  // Immutable: it only maps constants, so it may appear in an index or a generated column later.
  await sql
    .raw(
      `create function link_search_config(language text) returns regconfig language sql immutable parallel safe as $$
        select case lower(split_part(split_part(coalesce(language, ''), '-', 1), '_', 1)) ${cases} else 'simple'::regconfig end
      $$`,
    )
    .execute(db);
  // A: title; B: tags and description; C: summary and notes; D: the page's text (as stored: the
  // reader keeps up to 200,000 characters).
  await sql`
    create function links_search_vector_update() returns trigger language plpgsql as $$
    declare
      config regconfig := link_search_config(new.language);
    begin
      new.search_vector :=
        setweight(to_tsvector(config, coalesce(new.title, '')), 'A') ||
        setweight(to_tsvector(config, array_to_string(new.tags, ' ') || ' ' || coalesce(new.description, '')), 'B') ||
        setweight(to_tsvector(config, coalesce(new.summary, '') || ' ' || coalesce(new.notes, '')), 'C') ||
        setweight(to_tsvector(config, left(coalesce(new.content_text, ''), 200000)), 'D');
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger links_search_vector before insert or update of title, tags, description, summary, notes, content_text, language
    on links for each row execute function links_search_vector_update()`.execute(db);
  // Existing rows get their vector (the trigger fires on the column named).
  await sql`update links set language = language`.execute(db);
  await sql`create index links_search_idx on links using gin (search_vector) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger links_search_vector on links`.execute(db);
  await sql`drop function links_search_vector_update()`.execute(db);
  await sql`drop function link_search_config(text)`.execute(db);
  await db.schema.dropIndex("links_search_idx").execute();
  await db.schema.alterTable("links").dropColumn("search_vector").dropColumn("notes").execute();
}
