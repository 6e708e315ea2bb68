import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // `tags` stays the set every reader shows (list, filters, search, exports, API): the user's own
  // first, then the engine's not already there. `user_tags` are the ones the user gave (import
  // folders and TAGS, edits, bulk retag, accepted suggestions), which enrichment never removes;
  // `dismissed_tags` are those the user took off, which enrichment never adds back. A title or
  // description the user gave (a file's, an edit) is flagged so enrichment leaves it (decision 040).
  await db.schema
    .alterTable("links")
    .addColumn("user_tags", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("dismissed_tags", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("title_by_user", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("description_by_user", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
  // Never enriched: every tag there is the user's, and an imported link's title and description
  // came from the user's file (a link added by hand only has the page's title from the bookmarklet;
  // a "title" that is only the address is no one's).
  await sql`
    update links set
      user_tags = tags,
      title_by_user = (import_id is not null and title is not null and lower(rtrim(btrim(title), '/')) <> lower(rtrim(btrim(url), '/'))),
      description_by_user = (import_id is not null and description is not null)
    where enriched_at is null`.execute(db);
  // Enriched: the engine wrote over the tags, so only a tag a bulk "add tag" gave the link since is
  // known to be the user's; one a bulk "remove tag" took off (and still off) stays off.
  await sql`
    update links l set
      user_tags = array(
        select t from unnest(l.tags) with ordinality as x(t, n)
        where exists (
          select 1 from bulk_operations b
          where b.user_id = l.user_id and b.action = 'add-tag' and lower(b.tag) = lower(t) and l.id = any(b.link_ids))
        order by n),
      dismissed_tags = array(
        select distinct b.tag from bulk_operations b
        where b.user_id = l.user_id and b.action = 'remove-tag' and l.id = any(b.link_ids)
          and not (lower(b.tag) = any(select lower(t) from unnest(l.tags) t)))
    where l.enriched_at is not null
      and exists (select 1 from bulk_operations b where b.user_id = l.user_id and b.action in ('add-tag', 'remove-tag') and l.id = any(b.link_ids))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("links")
    .dropColumn("user_tags")
    .dropColumn("dismissed_tags")
    .dropColumn("title_by_user")
    .dropColumn("description_by_user")
    .execute();
}
