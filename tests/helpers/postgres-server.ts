import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "../../scripts/lib/free-port";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

/** Postgres refuses to run as root: then initdb and the server run as the `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * A throwaway PostgreSQL 15 cluster on a free loopback port, for tests that stop and restart
 * Postgres under the app. Trust auth, no fsync: it holds nothing worth keeping.
 */
export async function startPostgresServer() {
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), "linkwise-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await freePort();
  const as = { ...user, cwd: dir, env: { ...process.env, LC_ALL: "C" } };

  await run(`${BIN}/initdb`, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"], as);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=100`;
  const pgCtl = (...args: string[]) => run(`${BIN}/pg_ctl`, ["-D", dataDir, "-l", logFile, "-t", "60", ...args], as);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  /** Resolves once the server accepts queries (pg_ctl -w only waits for the postmaster). */
  async function whenAccepting() {
    for (let i = 0; ; i++) {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on("error", () => undefined);
      try {
        await client.connect();
        await client.query("select 1");
        return;
      } catch (error) {
        if (i > 200) throw new Error(`Postgres on ${port} does not accept queries: ${String(error)}`);
        await sleep(50);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }

  async function start() {
    await pgCtl("-w", "-o", options, "start");
    await whenAccepting();
  }
  await start();
  await run(`${BIN}/psql`, ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-c", "create database linkwise"], as);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/linkwise`,
    start,
    /** A fast shutdown, as an operator's restart does: open sessions are terminated. */
    stop: () => pgCtl("-w", "-m", "fast", "stop"),
    async destroy() {
      await pgCtl("-w", "-m", "immediate", "stop").catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
