/**
 * Runs once per integration run, before any file: migrates one template database that each
 * file's database is cloned from (tests/helpers/integration-setup.ts), and drops it at the end.
 */
import { createTestDatabase, dropTestDatabase, TEMPLATE_ENV } from "./test-database";

export default async function setup() {
  const template = await createTestDatabase("tpl");
  // The test files run in child processes started after this, which inherit the environment.
  process.env[TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await dropTestDatabase(template.name);
  };
}
