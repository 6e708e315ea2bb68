/**
 * `npm run db:seed`: creates the first admin account when the database has no users.
 * `npm run db:seed -- --demo`: also loads the demo community (once).
 */
import { createDb } from "../app/server/platform/db.server";
import { loadEnvOrExit } from "../app/server/platform/process.server";
import { seedDemoCommunity } from "../app/server/seed/demo-seed.server";
import { seedAdminIfEmpty } from "../app/server/seed/seed.server";

const config = loadEnvOrExit();
const db = createDb(config.DATABASE_URL, 1);
try {
  const result = await seedAdminIfEmpty(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (!result.created) console.log("The database already has users; no admin created.");
  else {
    console.log(`Created the admin account ${result.email}.`);
    if (result.generatedPassword) console.log(`Its generated password (shown once): ${result.generatedPassword}`);
  }
  if (process.argv.includes("--demo")) {
    const added = await seedDemoCommunity(db);
    console.log(added ? `Loaded the demo community: ${added} public links.` : "The demo community is already there.");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
