/**
 * `node --import tsx scripts/bench-hostile-imports.ts`: the hostile uploads of issue #33 (D1, D2)
 * against a production web server on loopback, with its own database and Redis prefix: bookmark
 * files nesting folders 20,000 and 100,000 deep, and an Omnivore zip of 200 metadata files of
 * 19 MB each. For each: the upload's answer and time, how GET /api/status answered meanwhile
 * (asked again and again, one at a time), and the web server's peak RSS.
 *
 * Options: HOSTILE_WAIT_S (how long to wait for one upload's answer, default 600),
 * HOSTILE_CASES (a comma list of deep-20000, deep-100000, zip; default all). Uses the build in
 * build/ (`npm run build` first, or let buildIfStale do it).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { createTestDatabase, dropTestDatabase, uniqueName } from "../tests/helpers/test-database";
import { buildIfStale } from "./lib/build-state";
import { freePort } from "./lib/free-port";

const WAIT_S = Number(process.env.HOSTILE_WAIT_S ?? 600);
const CASES = new Set((process.env.HOSTILE_CASES ?? "deep-20000,deep-100000,zip").split(",").map((name) => name.trim()));
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Folders nested `depth` deep with a bookmark in each. */
function nestedFolders(depth: number): Buffer {
  const parts = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n"];
  for (let i = 0; i < depth; i++) parts.push(`<DT><H3 ADD_DATE="1600000000">Folder ${i}</H3>\n<DL><p>\n<DT><A HREF="https://example.test/${i}" ADD_DATE="1600000000">Link ${i}</A>\n`);
  parts.push("</DL><p>\n".repeat(depth + 1));
  return Buffer.from(parts.join(""));
}

/** Omnivore's export in the attacker's hands: `files` metadata files, each an article and 19 MB of spaces. */
function zipBomb(files: number): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "hostile-")), "omnivore.zip");
  const write = `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
  for i in range(${files}): z.writestr(f"metadata_{i * 20}_to_{i * 20 + 20}.json", '[{"url": "https://example.test/bomb/%d"}' % i + " " * (19 * 1024 * 1024) + "]")`;
  execFileSync("python3", ["-c", write, file]);
  return readFileSync(file);
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const percentile = (values: number[], p: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]! : NaN);

await buildIfStale(process.cwd(), (line) => console.log(`hostile: ${line}`));
const database = await createTestDatabase("hostile");
const prefix = uniqueName("hostile");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let web: ChildProcess | undefined;
try {
  web = spawn(process.execPath, ["scripts/run.js", "web"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SESSION_SECRET: "hostile-session-secret-0123456789abcdef", RATE_LIMIT_MULTIPLIER: "100" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let tries = 0; ; tries++) {
    if (await fetch(`${base}/api/status`).then((r) => r.ok, () => false)) break;
    if (tries > 600) throw new Error("the web server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const results: string[] = [];
  const cases: Array<[string, () => Buffer, string]> = [
    ["deep-20000", () => nestedFolders(20_000), "bookmarks.html"],
    ["deep-100000", () => nestedFolders(100_000), "bookmarks.html"],
    ["zip", () => zipBomb(200), "omnivore.zip"],
  ];
  for (const [name, make, fileName] of cases) {
    if (!CASES.has(name)) continue;
    const body = make();
    // A user of its own each time: one import at a time per user.
    const register = await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `${name}-${Date.now()}@example.com`, password: "hostile-password" }) });
    const { token } = (await register.json()) as { token: string };
    const statusMs: number[] = [];
    let peak = rssMb(web.pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(web!.pid!))), 100);
    const started = performance.now();
    let answer: string | null = null;
    const upload = fetch(`${base}/api/imports?name=${fileName}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: new Uint8Array(body), signal: AbortSignal.timeout(WAIT_S * 1000) })
      .then(async (response) => `${response.status} ${((await response.json()) as { message?: string }).message ?? ""}`)
      .catch((error: Error) => `no answer (${error.name === "TimeoutError" ? `none within ${WAIT_S} s` : error.message})`)
      .then((text) => (answer = text));
    while (answer === null) {
      const sent = performance.now();
      await fetch(`${base}/api/status`, { signal: AbortSignal.timeout(WAIT_S * 1000) }).then((r) => r.arrayBuffer(), () => undefined);
      statusMs.push(performance.now() - sent);
    }
    await upload;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    results.push(
      `| ${name} (${(body.length / 1024 / 1024).toFixed(1)} MB) | ${answer} | ${seconds.toFixed(1)} s | ${statusMs.length} answers: p50 ${percentile(statusMs, 50).toFixed(0)} ms, p90 ${percentile(statusMs, 90).toFixed(0)} ms, max ${Math.max(...statusMs).toFixed(0)} ms | ${peak.toFixed(0)} MB |`,
    );
    console.log(results.at(-1));
  }
  console.log(`\nHostile imports (${new Date().toISOString()}, ${process.version})\n`);
  console.log("| upload | answer | time to answer | GET /api/status meanwhile | web RSS peak |\n| --- | --- | --- | --- | --- |");
  for (const line of results) console.log(line);
} finally {
  if (web && web.exitCode === null) {
    const exited = new Promise((resolve) => web!.once("exit", resolve));
    web.kill("SIGTERM");
    await exited;
  }
  await dropTestDatabase(database.name);
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
