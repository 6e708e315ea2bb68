/**
 * `npm run db:migrate`            apply every pending migration
 * `npm run db:migrate -- down`    revert the latest one (`down 3` for three)
 * `npm run db:migrate -- status`  list migrations and when they ran
 */
import { createDb } from "../app/server/platform/db.server";
import { listMigrations, migrateDown, migrateToLatest, waitForDatabase } from "../app/server/ops/migrator.server";
import { loadEnvOrExit } from "../app/server/platform/process.server";

const [command = "up", count = "1"] = process.argv.slice(2);
const config = loadEnvOrExit();
const db = createDb(config.DATABASE_URL, 1);
try {
  await waitForDatabase(db, { onWait: () => console.log("Waiting for Postgres to accept connections...") });
  if (command === "up") {
    const lines = await migrateToLatest(db);
    console.log(lines.length ? lines.join("\n") : "Nothing to migrate: the schema is up to date.");
  } else if (command === "down") {
    const lines = await migrateDown(db, Number(count));
    console.log(lines.length ? lines.join("\n") : "Nothing to revert.");
  } else if (command === "status") {
    for (const m of await listMigrations(db)) console.log(`${m.executedAt ? m.executedAt.toISOString() : "pending".padEnd(24)}  ${m.name}`);
  } else {
    console.error(`Unknown command "${command}". Use up, down [n] or status.`);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
