import { setTimeout as sleep } from "node:timers/promises";
import { Migrator, NO_MIGRATIONS, type Kysely, type MigrationResultSet } from "kysely";
import type { DB } from "../platform/db-schema.server";
import { isDatabaseUnavailable } from "../platform/db.server";
import { migrations } from "../../../migrations/index";
import { pingDatabase } from "../repos/database.server";

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

/**
 * Waits until Postgres answers, for at most `timeoutMs`: at start-up it may still be starting
 * or restarting (a container coming up beside us). `onWait` hears the first refusal once.
 */
export async function waitForDatabase(
  db: Kysely<DB>,
  { timeoutMs = 30_000, onWait }: { timeoutMs?: number; onWait?: (error: unknown) => void } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await pingDatabase(db);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      if (attempt === 0) onWait?.(error);
      await sleep(500);
    }
  }
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
