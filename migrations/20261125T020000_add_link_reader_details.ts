import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // What the reader found besides the text (decision 022), and which reader found it.
  await db.schema
    .alterTable("links")
    .addColumn("byline", "text")
    .addColumn("published_at", "timestamptz")
    .addColumn("site_name", "text")
    .addColumn("lead_image", "text")
    .addColumn("extractor", "text")
    .execute();
  // Pages' lead images, kept as favicons are: fetched by the worker through the safe fetcher,
  // served from our origin, keyed by a hash of the image's address. No data: "looked, found none".
  await db.schema
    .createTable("lead_images")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("source_url", "text", (col) => col.notNull())
    .addColumn("content_type", "text")
    .addColumn("data", "bytea")
    .addColumn("fetched_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("lead_images_data_size_check", sql`data is null or octet_length(data) <= 2097152`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_images").execute();
  await db.schema.alterTable("links").dropColumn("byline").dropColumn("published_at").dropColumn("site_name").dropColumn("lead_image").dropColumn("extractor").execute();
}
