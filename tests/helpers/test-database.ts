import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb } from "../../app/server/platform/db.server";
import { migrateToLatest } from "../../app/server/ops/migrator.server";

/** The server tests create their databases on: TEST_DATABASE_URL, else the local Postgres. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function uniqueName(kind: string): string {
  return `linkwise_${kind}_${process.pid}_${randomBytes(3).toString("hex")}`;
}

export function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database to clone, named by the integration tier's global setup
 * (tests/helpers/integration-global-setup.ts): copying it takes a fraction of a second, where
 * running every migration takes seconds per file.
 */
export const TEMPLATE_ENV = "TEST_TEMPLATE_DATABASE";

/**
 * Creates a database (migrated unless `migrate: false`, optionally under a name chosen earlier)
 * and returns its URL. A migrated one is cloned from the template when one is named.
 */
export async function createTestDatabase(kind: string, { migrate = true, name = uniqueName(kind) } = {}): Promise<{ name: string; url: string }> {
  const template = migrate ? process.env[TEMPLATE_ENV] : undefined;
  await admin((client) => client.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`));
  const url = urlFor(name);
  if (migrate && !template) {
    const db = createDb(url, 1);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  }
  return { name, url };
}

export async function dropTestDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Drops every database whose name starts with `prefix` and an underscore: the integration run's
 * per-file copies of its template, at the run's end. A file whose tests a `-t` filter skips
 * entirely never runs its afterAll, so its database would stay.
 */
export async function dropTestDatabasesNamed(prefix: string): Promise<void> {
  const { rows } = await admin((client) => client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [`${prefix}_`]));
  for (const { datname } of rows) await dropTestDatabase(datname);
}
