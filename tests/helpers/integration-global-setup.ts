/**
 * Runs once per integration run, before any file: migrates one template database that each
 * file's database is cloned from (tests/helpers/integration-setup.ts), and drops it and any copy
 * of it left at the end.
 */
import { createTestDatabase, dropTestDatabase, dropTestDatabasesNamed, TEMPLATE_ENV } from "./test-database";

export default async function setup() {
  const template = await createTestDatabase("tpl");
  // The test files run in child processes started after this, which inherit the environment.
  process.env[TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    // Each file's copy is named after the template (integration-setup.ts): any one left goes too.
    await dropTestDatabasesNamed(template.name);
    await dropTestDatabase(template.name);
  };
}
