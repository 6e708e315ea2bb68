import { Migrator, NO_MIGRATIONS, type Kysely, type MigrationResultSet } from "kysely";
import type { DB } from "./db-schema.server";
import { migrations } from "../../migrations/index";

function migrator(db: Kysely<DB>) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "kysely_migration",
    migrationLockTableName: "kysely_migration_lock",
  });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`);
  }
  return (result.results ?? []).map((r) => `${r.direction === "Up" ? "applied" : "reverted"} ${r.migrationName}`);
}

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<DB>, steps = 1): Promise<string[]> {
  const done: string[] = [];
  for (let i = 0; i < steps; i++) {
    const lines = unwrap(await migrator(db).migrateDown());
    if (lines.length === 0) break;
    done.push(...lines);
  }
  return done;
}

export async function migrateToNothing(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await migrator(db).migrateTo(NO_MIGRATIONS));
}

export async function listMigrations(db: Kysely<DB>) {
  return (await migrator(db).getMigrations()).map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}
