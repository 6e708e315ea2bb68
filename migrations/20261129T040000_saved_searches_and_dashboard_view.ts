import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// The dashboard's sidebar (decision 051): a user's saved searches (a name and the query and
// filters as the address holds them), and the view they chose for the list (list or cards).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("saved_searches")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    // The search as URL parameters (q=…&tag=…&status=…), validated like GET /api/links's.
    .addColumn("query", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One name per user (case aside); saving a name again replaces its search. Also the foreign key's index.
  await sql`create unique index saved_searches_user_name_idx on saved_searches (user_id, lower(name))`.execute(db);
  await db.schema
    .alterTable("user_preferences")
    .addColumn("dashboard_view", "text", (col) => col.notNull().defaultTo("list").check(sql`dashboard_view in ('list', 'cards')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user_preferences").dropColumn("dashboard_view").execute();
  await db.schema.dropTable("saved_searches").execute();
}
