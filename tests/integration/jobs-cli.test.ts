import type { IncomingMessage, ServerResponse } from "node:http";
import { userInfo } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkResult, FailureDetail, FailurePage, JobsStats, WorkerInfo } from "~/lib/jobs";
import { db } from "~/server/platform/db.server";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";
import { runJobsCli } from "../../scripts/lib/jobs-cli";
import { runCommand } from "../helpers/processes";
import { until } from "../helpers/wait";

// `npm run jobs` as an operator runs it, against the same Postgres and Redis as the pipeline (the
// web server in this process and a real worker): once through npm in a process of its own, every
// other call in this process through the function the script runs.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let api: Pipeline["api"];
let pages: Pipeline["pages"];
const NOT_FOUND = "The page answered 404 Not Found";
const fixed = new Set<string>();

function breakable(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  if (fixed.has(path)) return html(fixture("react-hooks.html"))(req, res);
  res.writeHead(404).end("not here");
}

beforeAll(async () => {
  pipeline = await startPipeline({ "/cli/one": breakable, "/cli/two": breakable, "/cli/three": breakable, "/cli/paused": html(fixture("react-hooks.html")) });
  ({ api, pages } = pipeline);
}, 120_000);

afterAll(() => pipeline?.stop());

/**
 * Runs the command line with `args`; resolves with its exit code and output. In this process (the
 * function scripts/jobs.ts calls, on the same services and clients: a Node process per call cost
 * seconds of CPU each) unless `viaNpm`, which runs `npm run jobs` as operators do.
 */
async function jobs(args: string[], { viaNpm = false } = {}) {
  if (!viaNpm) {
    let stdout = "";
    let output = "";
    const code = await runJobsCli(args, { out: (text) => ((stdout += text), (output += text)), err: (text) => void (output += text) }, { close: false });
    return { code, stdout, output };
  }
  const child = runCommand("npm", ["run", "--silent", "jobs", "--", ...args], {});
  let stdout = "";
  child.child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const { code } = await child.exited();
  return { code, stdout, output: child.output() };
}

async function jobsJson<T>(args: string[]): Promise<T> {
  const result = await jobs([...args, "--json"]);
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.stdout) as T;
}

async function failedLink(token: string, path: string): Promise<LinkBody> {
  const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url(path) } });
  const link = await waitForLink(api, token, added.body.id);
  expect(link).toMatchObject({ status: "error", error: NOT_FOUND });
  // The row says error as the last attempt ends; BullMQ moves the job to failed a moment later
  // (a command line in its own process used to take longer than that to start).
  await until("the failed job leaves active", async () => ((await jobsJson<FailureDetail>(["show", link.id])).job?.state === "failed" ? true : undefined), 30_000, 100);
  return link;
}

// The npm run starts a Node process that loads the services: allow for a busy machine.
describe("npm run jobs", { timeout: 180_000 }, () => {
  it("shows stats as a table, and as JSON that parses", async () => {
    const human = await jobs(["stats"], { viaNpm: true });
    expect(human.code, human.output).toBe(0);
    expect(human.stdout).toMatch(/^queue\s+state\s+waiting\s+prioritized/m);
    expect(human.stdout).toMatch(/^enrich-link\s+running/m);
    const stats = await jobsJson<JobsStats>(["stats"]);
    expect(stats.queues.map((q) => q.name)).toEqual(["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"]);
    expect(stats.workers.live).toBe(1);
  });

  it("lists failures, shows one, retries it until it is enriched, and audits as the OS user", async () => {
    const user = await signUpAs(api, "ProUser");
    const link = await failedLink(user.token, "/cli/one");

    const page = await jobsJson<FailurePage>(["failed", "--reason", NOT_FOUND, "--user", user.id, "--since", "1h"]);
    expect(page.groups).toEqual([expect.objectContaining({ reason: NOT_FOUND, count: 1 })]);
    expect(page.items.map((item) => [item.id, item.job])).toEqual([[link.id, "failed"]]);
    const detail = await jobsJson<FailureDetail>(["show", link.id]);
    expect(detail).toMatchObject({ kind: "link", link: { status: "error" }, job: { state: "failed", attempts: [{ number: 1, outcome: "failed", error: NOT_FOUND }] } });
    const shown = await jobs(["show", link.id]);
    expect(shown.stdout).toContain(`Status:   error — ${NOT_FOUND}`);
    expect(shown.stdout).toContain("Attempts:");
    expect(shown.stdout).toContain("Stack of attempt 1:");
    expect(shown.stdout).toContain(`attempt 1 failed: ${NOT_FOUND}`);

    fixed.add("/cli/one");
    const retried = await jobs(["retry", link.id]);
    expect(retried.code, retried.output).toBe(0);
    expect(retried.stdout).toContain(`${link.id}: link queued again on enrich-link`);
    expect(await waitForLink(api, user.token, link.id)).toMatchObject({ status: "enriched" });

    // Again: refused, and the exit code says so.
    const again = await jobs(["retry", link.id, "--json"]);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual([{ id: link.id, ok: false, message: expect.stringMatching(/Only a failed link can be retried/) }]);
    const audit = await db().selectFrom("audit_events").selectAll().where("action", "=", "job.retried").where("target_id", "=", link.id).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: null, actor_label: `cli:${userInfo().username}` })]);
  });

  it("retries every failure of a filter once, with a dry run first, acting as a named admin", async () => {
    const user = await signUpAs(api, "ProUser");
    const links = [await failedLink(user.token, "/cli/two"), await failedLink(user.token, "/cli/three")];
    const adminUser = await signUpAs(api, "ProUser");
    await db().updateTable("users").set({ role: "Admin" }).where("id", "=", adminUser.id).execute();
    const adminEmail = (await db().selectFrom("users").select("email").where("id", "=", adminUser.id).executeTakeFirstOrThrow()).email;
    fixed.add("/cli/two");
    fixed.add("/cli/three");

    // The reason as an operator types it: a part, in any case.
    const dry = await jobsJson<BulkResult>(["retry", "--all", "--user", user.id, "--reason", "404 not found", "--dry-run"]);
    expect(dry).toEqual({ matched: 2, queued: 2, skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: false, dryRun: true });
    // A reason nobody has: the reasons there are, with their counts.
    const none = await jobs(["retry", "--all", "--user", user.id, "--reason", "410", "--dry-run"]);
    expect(none.code, none.output).toBe(0);
    expect(none.stdout).toContain('Dry run: 0 of 0 matching row(s) would be replayed.\nNo failure\'s reason contains "410" (any case). The reasons there are:');
    expect(none.stdout).toMatch(new RegExp(`^\\s*2  ${NOT_FOUND}$`, "m"));
    const done = await jobsJson<BulkResult>(["retry", "--all", "--user", user.id, "--as", adminEmail]);
    expect(done).toMatchObject({ matched: 2, queued: 2, dryRun: false });
    for (const link of links) expect(await waitForLink(api, user.token, link.id)).toMatchObject({ status: "enriched" });
    expect(await jobsJson<BulkResult>(["retry", "--all", "--user", user.id])).toMatchObject({ matched: 0, queued: 0 });
    expect(pages.hits("/cli/two")).toBe(2);
    expect(pages.hits("/cli/three")).toBe(2);
    const audit = await db().selectFrom("audit_events").selectAll().where("action", "=", "job.retried-all").where("actor_id", "=", adminUser.id).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_label: `${adminEmail} (cli:${userInfo().username})` })]);

    // --as must name an admin.
    const refused = await jobs(["retry", "--all", "--user", user.id, "--as", "nobody@example.com"]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("nobody@example.com is not an admin account.");
  });

  it("pauses and resumes a queue, and lists the worker", async () => {
    const user = await signUpAs(api, "ProUser");
    expect(await jobsJson(["pause", "enrich-link"])).toEqual({ queue: "enrich-link", paused: true });
    let linkId: string;
    try {
      linkId = (await api<LinkBody>("POST", "/api/links", { token: user.token, body: { url: pages.url("/cli/paused") } })).body.id;
      const stats = await jobs(["stats"]);
      expect(stats.stdout).toMatch(/^enrich-link\s+PAUSED\s+/m);
      expect((await api<LinkBody>("GET", `/api/links/${linkId}`, { token: user.token })).body.status).toBe("pending");
    } finally {
      const resumed = await jobs(["resume", "enrich-link"]);
      expect(resumed.stdout).toContain("enrich-link is running.");
    }
    expect(await waitForLink(api, user.token, linkId!)).toMatchObject({ status: "enriched" });

    const workers = await jobsJson<WorkerInfo[]>(["workers"]);
    expect(workers).toEqual([expect.objectContaining({ pid: pipeline.worker.child.pid, status: "live", queues: ["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"] })]);
  });

  it("exits 2 on a usage error and 1 when the operation fails", async () => {
    expect((await jobs(["frobnicate"])).code).toBe(2);
    expect((await jobs(["failed", "--since", "last tuesday"])).code).toBe(2);
    const missing = await jobs(["show", crypto.randomUUID(), "--json"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ message: expect.stringMatching(/^No failed link, result or job/) });
    expect((await jobs(["--help"])).stdout).toContain("Usage: npm run jobs -- <command>");
  });
});
