import { Migrator, NO_MIGRATIONS, type Kysely, type MigrationResultSet } from "kysely";
import { migrations } from "../../migrations/index";

function migrator(db: Kysely<any>) {
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

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<any>, steps = 1): Promise<string[]> {
  const done: string[] = [];
  for (let i = 0; i < steps; i++) {
    const lines = unwrap(await migrator(db).migrateDown());
    if (lines.length === 0) break;
    done.push(...lines);
  }
  return done;
}

export async function migrateToNothing(db: Kysely<any>): Promise<string[]> {
  return unwrap(await migrator(db).migrateTo(NO_MIGRATIONS));
}

export async function listMigrations(db: Kysely<any>) {
  return (await migrator(db).getMigrations()).map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}
