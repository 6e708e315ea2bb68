import type { Kysely } from "kysely";
import type { DB } from "~/server/platform/db-schema.server";
import type { log } from "~/server/platform/logger.server";

/** What every processor gets besides its job. */
export interface WorkerContext {
  workerId: string;
  db: Kysely<DB>;
  log: typeof log;
}
