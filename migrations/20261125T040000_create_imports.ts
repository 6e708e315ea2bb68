import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per uploaded bookmark file: what was read, what was saved, where it stands.
  await db.schema
    .createTable("imports")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("parsing").check(sql`status in ('parsing', 'saving', 'enriching', 'done', 'failed')`),
    )
    .addColumn("format", "text")
    .addColumn("file_name", "text")
    .addColumn("parsed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("saved", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("duplicates", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("invalid", "integer", (col) => col.notNull().defaultTo(0))
    // The first invalid entries, each {line, url, reason}: enough to find them in the file.
    .addColumn("invalid_lines", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // Frozen when the import settles; live figures come from the links while it runs.
    .addColumn("enriched", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("failed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("not_enriched", "integer", (col) => col.notNull().defaultTo(0))
    // Staged rows up to this position are saved: a re-run of the save job resumes after it.
    .addColumn("saved_through", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  await db.schema.createIndex("imports_user_created_idx").on("imports").columns(["user_id", "created_at desc"]).execute();

  // The parsed file, staged: the import queue moves it into links in chunks, then deletes it.
  await db.schema
    .createTable("import_items")
    .addColumn("import_id", "uuid", (col) => col.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("line", "integer", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("normalized_url", "text", (col) => col.notNull())
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("tags", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("saved_at", "timestamptz")
    // Our own export's full record (enrichment and results), restored as it was.
    .addColumn("payload", "jsonb")
    .addPrimaryKeyConstraint("import_items_pkey", ["import_id", "position"])
    .execute();
  // The same page twice in one file is staged once.
  await db.schema.createIndex("import_items_url_key").on("import_items").columns(["import_id", "normalized_url"]).unique().execute();

  await db.schema.alterTable("links").addColumn("import_id", "uuid", (col) => col.references("imports.id").onDelete("set null")).execute();
  // The import's progress counts its links by status; also the foreign key's index.
  await db.schema
    .createIndex("links_import_status_idx")
    .on("links")
    .columns(["import_id", "status"])
    .where(sql.ref("import_id"), "is not", null)
    .execute();

  // An imported link the allowance did not reach: saved, not failed, enrichable later.
  await sql`alter table links drop constraint links_status_check`.execute(db);
  await sql`alter table links add constraint links_status_check check (status in ('pending', 'enriched', 'error', 'unenriched'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update links set status = 'error' where status = 'unenriched'`.execute(db);
  await sql`alter table links drop constraint links_status_check`.execute(db);
  await sql`alter table links add constraint links_status_check check (status in ('pending', 'enriched', 'error'))`.execute(db);
  await db.schema.dropIndex("links_import_status_idx").execute();
  await db.schema.alterTable("links").dropColumn("import_id").execute();
  await db.schema.dropTable("import_items").execute();
  await db.schema.dropTable("imports").execute();
}
