import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { QUEUES, getQueue } from "~/server/jobs/queue.server";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";

// Pages that used to freeze whichever process parsed them, and pages that used to end as
// "Enriched" with nothing (or mojibake) to show: the web server in this process, a real
// worker process, pages on loopback.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let pages: Pipeline["pages"];
let api: Pipeline["api"];
const held: ServerResponse[] = [];

const TOO_COMPLEX = "The page is too complex to read";
const RECIPE_TITLE = "Crème brûlée, the classic French dessert";

beforeAll(async () => {
  // Read by the web server on its first request; the tests below fill both places.
  process.env.PREVIEW_CONCURRENCY = "2";
  pipeline = await startPipeline(
    {
      // 100,000 unclosed divs: 488 KB, under the preview's 1 MB.
      "/deep-divs": html(`<html><head><title>Deep</title></head><body>${"<div>".repeat(100_000)}</body></html>`),
      // 400,000 unclosed spans: 2.3 MB, under the worker's 5 MB.
      "/deep-spans": html(`<html><head><title>Deeper</title></head><body><p>${"<span>".repeat(400_000)}</p></body></html>`),
      "/hold": (_req, res) => void held.push(res),
      "/postgres": html(fixture("postgres-indexes.html")),
      "/empty": html(""),
      "/untitled": html("<html><body><p>Words on a page that has no title of its own, only this paragraph.</p></body></html>"),
      // Windows-1252 bytes (the fixture's <meta> says iso-8859-1) under a header that says otherwise.
      "/mislabelled": html(fixture("latin1-recipe.html"), "text/html; charset=utf-8"),
      "/unknown-charset": html(fixture("latin1-recipe.html"), "text/html; charset=x-no-such-charset"),
    },
    // Beats every second, so a stalled event loop would show. The web server's previews give up
    // after 3 s, under the preview's own 5 s, so a page that never answers says so.
    { workerEnv: { HEARTBEAT_INTERVAL_MS: "1000" }, webEnv: { FETCH_TIMEOUT_MS: "3000" } },
  );
  ({ pages, api } = pipeline);
}, 120_000);

afterAll(async () => {
  held.forEach((res) => res.destroy());
  await pipeline?.stop();
});

const add = async (token: string, path: string) => (await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url(path) } })).body;
const preview = (token: string, path: string) => api("GET", `/api/links/preview?url=${encodeURIComponent(pages.url(path))}`, { token });

async function statusTime(): Promise<number> {
  const started = performance.now();
  const response = await api("GET", "/api/status");
  expect(response.status).toBe(200);
  return performance.now() - started;
}

/** The enrich job of a link once BullMQ has failed it for good. */
async function failedJob(linkId: string, timeoutMs = 15_000) {
  const queue = getQueue(QUEUES.enrichLink);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The state first, then the job: a job read before it failed would hold its old attempt count.
    if ((await queue.getJobState(linkId)) === "failed") return (await queue.getJob(linkId))!;
    if (Date.now() > deadline) throw new Error(`job ${linkId} not failed after ${timeoutMs} ms`);
    await sleep(50);
  }
}

async function lastBeat(): Promise<Date> {
  const row = await db().selectFrom("worker_heartbeats").select("last_beat_at").where("pid", "=", pipeline.worker.child.pid!).executeTakeFirstOrThrow();
  return row.last_beat_at;
}

describe("deeply nested pages", () => {
  it("keep the web server answering /api/status while a preview reads one; the preview says the page is too complex", async () => {
    const { token } = await signUpAs(api, "FreeUser");
    await statusTime();
    let settled = false;
    const answer = preview(token, "/deep-divs").finally(() => (settled = true));
    const times: number[] = [];
    do times.push(await statusTime());
    while (!settled);
    const response = await answer;
    expect(pages.hits("/deep-divs")).toBe(1);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: TOO_COMPLEX });
    // Nine answers in ten within a second, none near three: a parse on the event loop held every
    // request for 42 s, while a busy shared machine alone stretches answers to several hundred
    // milliseconds (speed itself is the benchmark's business, not this test's).
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.9)]).toBeLessThan(1_000);
    expect(times.at(-1)).toBeLessThan(3_000);
  });

  it("fail in the worker at once and for good, while another link is enriched and the worker keeps beating", async () => {
    const { token } = await signUpAs(api, "ProUser");
    const beatBefore = await lastBeat();
    const deep = await add(token, "/deep-spans");
    const normal = await add(token, "/postgres");

    expect(await waitForLink(api, token, normal.id)).toMatchObject({ status: "enriched", title: "How Postgres Indexes Work" });
    expect(await waitForLink(api, token, deep.id)).toMatchObject({ status: "error", error: TOO_COMPLEX });
    const job = await failedJob(deep.id);
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe(TOO_COMPLEX);
    expect(pages.hits("/deep-spans")).toBe(1);

    const deadline = Date.now() + 15_000;
    while ((await lastBeat()) <= beatBefore) {
      if (Date.now() > deadline) throw new Error("the worker stopped beating");
      await sleep(100);
    }
  });
});

describe("link previews", () => {
  it("turn away previews over PREVIEW_CONCURRENCY at once with 503 and Retry-After, and take them again once one ends", async () => {
    const { token } = await signUpAs(api, "FreeUser");
    const first = preview(token, "/hold?n=1");
    const second = preview(token, "/hold?n=2");
    const deadline = Date.now() + 15_000;
    while (held.length < 2) {
      if (Date.now() > deadline) throw new Error("the held pages were never requested");
      await sleep(20);
    }

    const fetchedBefore = pages.hits("/postgres");
    const refused = await preview(token, "/postgres");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.body).toEqual({ message: "Too many previews are being made right now. Try again in a moment." });
    expect(pages.hits("/postgres")).toBe(fetchedBefore);

    for (const res of held.splice(0)) res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(fixture("react-hooks.html"));
    expect((await first).status).toBe(200);
    expect((await second).body).toMatchObject({ title: "A gentle guide to React hooks" });
    expect((await preview(token, "/postgres")).body).toMatchObject({ title: "How Postgres Indexes Work" });
  });

  // The add form shows these beside the field (issue 38): each a short reason, never a 500.
  it("answer a page that never answers, or answers 404, with 422 and a short reason", async () => {
    const { token } = await signUpAs(api, "FreeUser");
    const [slow, missing] = await Promise.all([preview(token, "/hold?n=slow"), preview(token, "/no-such-page")]);
    held.splice(0).forEach((res) => res.destroy());
    expect(slow.status).toBe(422);
    // The web server's FETCH_TIMEOUT_MS is 3 s here, under the preview's own 5 s.
    expect(slow.body).toEqual({ message: "The page took longer than 3 s" });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: "The page answered 404 Not Found" });
  });
});

describe("empty, untitled and mislabelled pages", () => {
  it("fail an empty page at once with 'The page is empty'", async () => {
    const { token } = await signUpAs(api, "ProUser");
    const link = await add(token, "/empty");
    expect(await waitForLink(api, token, link.id)).toMatchObject({ status: "error", error: "The page is empty", title: null });
    expect((await failedJob(link.id)).attemptsMade).toBe(1);
  });

  it("name a page without a title after its address", async () => {
    const { token } = await signUpAs(api, "ProUser");
    const link = await waitForLink(api, token, (await add(token, "/untitled")).id);
    expect(link).toMatchObject({ status: "enriched", title: `${pages.host}/untitled` });
  });

  it("read a page whose declared charset is wrong or unknown without garbling it", async () => {
    const { token } = await signUpAs(api, "ProUser");
    for (const path of ["/mislabelled", "/unknown-charset"]) {
      const link = await waitForLink(api, token, (await add(token, path)).id);
      expect(link).toMatchObject({ status: "enriched", title: RECIPE_TITLE });
    }
  });
});
