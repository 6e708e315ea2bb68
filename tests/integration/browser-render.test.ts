import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { BrowserError, browserRssMb, findChromium, Renderer, rendererPids } from "~/server/fetching/browser.server";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { html, startPageServer } from "../helpers/page-server";
import { descendants, waitUntilGone } from "../helpers/processes";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";
import { until } from "../helpers/wait";

// The headless browser through the worker (decision 030): a script-built page comes out with its
// text; with no Chromium the worker says so once and reads pages as sent; a browser past its
// memory ceiling, or one that died, is started again; shutdown closes it.
const executablePath = findChromium(process.env.CHROMIUM_PATH);
if (!executablePath) throw new Error("These tests need Chromium: apt-get install chromium, or set CHROMIUM_PATH");

const fixture = (name: string) => readFileSync(`tests/fixtures/pages/script-shell/${name}`);
const shellRoutes = {
  "/tide/": html(fixture("index.html")),
  "/static/app.js": html(fixture("app.js"), "text/javascript"),
  "/static/app.css": html("body { color: navy }", "text/css"),
  "/api/articles/tide-tables.json": html(fixture("article.json"), "application/json"),
};

function readProcCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

// Long enough that a render on a machine the whole suite keeps busy is not timed out and tried
// again: these tests count the page's requests, and a second try fetched its script twice.
const RENDER_TIMEOUT_MS = "90000";
// The same for the plain fetch (the pipeline's is 1 s): a fetch timed out on a busy machine is
// fetched again, and these tests count the page's requests.
const FETCH_TIMEOUT_MS = "30000";
// Job locks past the longest render: on a loaded machine a renewal came late, the render job was
// taken up again as stalled, and its second run, served from the cache, stored "cache" as the
// link's fetch method (CI's failure, read from the job logs).
const WORKER_LOCK_MS = "60000";

type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
const running: Pipeline[] = [];
// After each test, passed or failed: a pipeline left running (its worker on the same Redis
// prefix) would take the next test's jobs.
afterEach(async () => {
  for (const pipeline of running.splice(0)) await pipeline.stop().catch(() => undefined);
});

/** Each link's enrichment and render job logs: what a failed count of requests is read against. */
async function jobLogs(linkIds: string[]): Promise<string> {
  const parts = await Promise.all(
    linkIds.flatMap((id) =>
      [
        [QUEUES.enrichLink, id] as const,
        [QUEUES.render, `render-${id}`] as const,
      ].map(async ([queue, jobId]) => `${queue} ${jobId}:\n${(await getQueue(queue).getJobLogs(jobId, 0, 99, true)).logs.join("\n")}`),
    ),
  );
  return parts.join("\n\n");
}

async function save(pipeline: Pipeline, path: string, timeoutMs = 60_000): Promise<LinkBody> {
  const { token } = await signUpAs(pipeline.api, "ProUser");
  const added = await pipeline.api<LinkBody>("POST", "/api/links", { token, body: { url: pipeline.pages.url(path) } });
  expect(added.status).toBe(201);
  return waitForLink(pipeline.api, token, added.body.id, timeoutMs);
}

describe("script-built pages through the worker", () => {
  it("renders the shell in the browser and enriches it with the text its script built, a second user's save comes from the shared cache, then closes the browser on shutdown", async () => {
    const pipeline = await startPipeline(shellRoutes, { workerEnv: { CHROMIUM_PATH: executablePath, CRAWLER_BROWSER_TIMEOUT_MS: RENDER_TIMEOUT_MS, FETCH_TIMEOUT_MS, WORKER_LOCK_MS } });
    running.push(pipeline);
    expect(pipeline.worker.output()).toContain(`worker: headless browser on (CRAWLER_BROWSER=auto, ${executablePath}`);

    const link = await save(pipeline, "/tide/");
    expect(link.status).toBe("enriched");
    expect(link.title).toBe("How to read a tide table");
    const row = await db().selectFrom("links").select(["content_text", "byline"]).where("id", "=", link.id).executeTakeFirstOrThrow();
    expect(row.content_text).toContain("by the rule of twelfths it rises one twelfth in the first hour");
    expect(row.content_text).toContain("add the local correction printed in its margin");
    expect(row.content_text).not.toContain("enable JavaScript");
    // The script and its data came through the fetcher; the stylesheet was never asked for.
    expect(pipeline.pages.hits("/static/app.js")).toBe(1);
    expect(pipeline.pages.hits("/api/articles/tide-tables.json")).toBe(1);
    expect(pipeline.pages.hits("/static/app.css")).toBe(0);
    // The link's fetch record: rendered in the browser, in how long, and why.
    const record = await db().selectFrom("links").select(["fetch_method", "fetch_ms", "fetch_reason"]).where("id", "=", link.id).executeTakeFirstOrThrow();
    expect(record.fetch_method, await jobLogs([link.id])).toBe("browser");
    expect(record.fetch_ms).toBeGreaterThan(0);
    expect(record.fetch_reason).toMatch(/^asks-for-javascript: 0 chars of text/);

    // The rendered parse went to the shared fetch cache: another user's save of the page is served
    // from it without rendering again (one pipeline: the in-process server's env is read once).
    const cached = await db().selectFrom("fetch_cache").select(["method", "outcome"]).where("url", "=", pipeline.pages.url("/tide/")).executeTakeFirstOrThrow();
    expect(cached).toEqual({ method: "browser", outcome: "ok" });
    const second = await save(pipeline, "/tide/");
    expect(second).toMatchObject({ status: "enriched", title: "How to read a tide table" });
    const secondRow = await db().selectFrom("links").select(["fetch_method", "fetch_reason", "content_text"]).where("id", "=", second.id).executeTakeFirstOrThrow();
    expect(secondRow.fetch_method).toBe("cache");
    expect(secondRow.fetch_reason).toMatch(/shared fetch cache/);
    expect(secondRow.content_text).toContain("by the rule of twelfths it rises one twelfth in the first hour");
    expect(pipeline.pages.hits("/static/app.js")).toBe(1);
    expect(pipeline.pages.hits("/api/articles/tide-tables.json")).toBe(1);
    // One fetch of the page's HTML in all: the plain fetch's answer was handed to the browser.
    expect(pipeline.pages.hits("/tide/")).toBe(1);

    const browserProcesses = descendants(pipeline.worker.child.pid!);
    expect(browserProcesses.length).toBeGreaterThan(0);
    running.pop();
    await pipeline.stop();
    expect(await waitUntilGone(browserProcesses, 10_000)).toEqual([]);
  });

  it("renders a script-built page once when several users save it at the same moment, and fetches its HTML once", async () => {
    const pipeline = await startPipeline(
      { ...shellRoutes, "/tide/together/": html(fixture("index.html")) },
      { workerEnv: { CHROMIUM_PATH: executablePath, CRAWLER_BROWSER_TIMEOUT_MS: RENDER_TIMEOUT_MS, FETCH_TIMEOUT_MS, WORKER_LOCK_MS, WORKER_CONCURRENCY: "8", CRAWLER_BROWSER_CONCURRENCY: "3" } },
    );
    running.push(pipeline);
    const links = await Promise.all(Array.from({ length: 4 }, () => save(pipeline, "/tide/together/")));
    expect(links.map((link) => [link.status, link.title])).toEqual(Array(4).fill(["enriched", "How to read a tide table"]));
    const rows = await db()
      .selectFrom("links")
      .select(["fetch_method", "content_text"])
      .where(
        "id",
        "in",
        links.map((link) => link.id),
      )
      .execute();
    expect(rows.every((row) => row.content_text?.includes("by the rule of twelfths it rises one twelfth in the first hour"))).toBe(true);
    // One render (its data fetched once), the other saves served its parse; one fetch of the HTML.
    const ids = links.map((link) => link.id);
    expect(rows.map((row) => row.fetch_method).sort(), await jobLogs(ids)).toEqual(["browser", "cache", "cache", "cache"]);
    expect(pipeline.pages.hits("/api/articles/tide-tables.json"), await jobLogs(ids)).toBe(1);
    expect(pipeline.pages.hits("/tide/together/"), await jobLogs(ids)).toBe(1);
    running.pop();
    await pipeline.stop();
  });

  it("with no Chromium, says so once at start and reads the page from its HTML as sent", async () => {
    const pipeline = await startPipeline(shellRoutes, { workerEnv: { CHROMIUM_PATH: "/nonexistent/chromium" } });
    running.push(pipeline);
    const said = pipeline.worker.output().match(/headless browser off: CHROMIUM_PATH=\/nonexistent\/chromium is not an executable/g);
    expect(said).toHaveLength(1);
    expect(pipeline.worker.output()).toMatch(/apt-get install chromium/);

    const link = await save(pipeline, "/tide/");
    expect(link.status).toBe("enriched");
    expect(link.title).toBe("Tidewatch");
    expect(pipeline.pages.hits("/static/app.js")).toBe(0);
    const record = await db().selectFrom("links").select(["fetch_method"]).where("id", "=", link.id).executeTakeFirstOrThrow();
    expect(record.fetch_method).toBe("plain");
  });
});

describe("render lanes (decision 049)", () => {
  it("an import's renders in flight never delay a link added by hand: it takes the page kept for people's links, and the import still finishes", async () => {
    // The import's shells fetch their article from a route the test holds: their renders stay in
    // the browser until it lets go, whatever the machine's speed.
    const held: ServerResponse[] = [];
    let holding = true;
    const article = fixture("article.json");
    const slowShell = html(fixture("index.html").toString().replace("/static/app.js", "/static/slow-app.js"));
    const pipeline = await startPipeline(
      {
        ...shellRoutes,
        "/tide/by-hand/": html(fixture("index.html")),
        "/slow/1": slowShell,
        "/slow/2": slowShell,
        "/slow/3": slowShell,
        "/static/slow-app.js": html(fixture("app.js").toString().replace("/api/articles/tide-tables.json", "/api/held.json"), "text/javascript"),
        "/api/held.json": (_req, res) => {
          if (!holding) return void res.writeHead(200, { "content-type": "application/json" }).end(article);
          held.push(res);
        },
      },
      {
        workerEnv: {
          CHROMIUM_PATH: executablePath,
          // Two pages for any work, so two of the import's renders are in flight; one more is kept for people's links.
          CRAWLER_BROWSER_CONCURRENCY: "2",
          // The held renders outlast the wait for the link added by hand (the longest each limit allows).
          CRAWLER_BROWSER_TIMEOUT_MS: "120000",
          FETCH_TIMEOUT_MS: "120000",
          // Every page is on one host.
          CRAWLER_HOST_CONCURRENCY: "8",
          WORKER_LOCK_MS,
        },
      },
    );
    running.push(pipeline);
    try {
      const importer = await signUpAs(pipeline.api, "ProUser");
      const urls = ["/slow/1", "/slow/2", "/slow/3"].map((path) => pipeline.pages.url(path)).join("\n");
      const upload = await fetch(`${pipeline.web.baseUrl}/api/imports?name=urls.txt`, {
        method: "POST",
        headers: { Authorization: `Bearer ${importer.token}`, "Content-Type": "application/octet-stream" },
        body: urls,
      });
      expect(upload.status).toBe(202);
      const { id: importId } = (await upload.json()) as { id: string };
      // Both of the import's pages are in the browser, waiting for their article.
      // The worker starts its browser with the first of them: on a busy machine that takes a while.
      await until("two of the import's renders are in the browser", async () => (held.length >= 2 ? true : undefined), 150_000);

      // Waited for less than the held renders' time limit: behind them, it could not end in time.
      const link = await save(pipeline, "/tide/by-hand/", 100_000);
      expect(link).toMatchObject({ status: "enriched", title: "How to read a tide table" });
      const record = await db().selectFrom("links").select(["fetch_method"]).where("id", "=", link.id).executeTakeFirstOrThrow();
      expect(record.fetch_method, await jobLogs([link.id])).toBe("browser");
      // It went by while the import's renders were still in the browser: none of them had ended.
      const pendingImported = await db().selectFrom("links").select("id").where("import_id", "=", importId).where("status", "=", "pending").execute();
      expect(pendingImported).toHaveLength(3);

      // The import's renders go on and finish once their pages answer.
      holding = false;
      for (const res of held.splice(0)) res.writeHead(200, { "content-type": "application/json" }).end(article);
      await until(
        "the import's links are enriched",
        async () => {
          const rows = await db().selectFrom("links").select("status").where("import_id", "=", importId).execute();
          return rows.length === 3 && rows.every((row) => row.status === "enriched") ? true : undefined;
        },
        90_000,
      );
    } finally {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
      running.pop();
      await pipeline.stop();
    }
  }, 400_000);
});

describe("the browser's memory ceiling and crashes", () => {
  it("restarts a browser that grew past its ceiling, and one that died, and renders the next page in the new one", async () => {
    const pages = await startPageServer(shellRoutes);
    const renderer = new Renderer({ executablePath, timeoutMs: 30_000, maxRssMb: 1, pageMaxRssMb: 4_096, allowlist: [pages.host], maxBytes: 1024 * 1024 });
    try {
      const first = await renderer.render(pages.url("/tide/"));
      expect(first.html).toContain("rule of twelfths");
      expect(first.rssMb).toBeGreaterThan(1);
      const oldMarker = renderer.processMarker;
      expect(renderer.memoryRestarts).toBe(1);
      // The old browser is closed, with all its processes.
      expect(browserRssMb(oldMarker)).toBe(0);

      const second = await renderer.render(pages.url("/tide/"));
      expect(second.html).toContain("rule of twelfths");
      expect(renderer.launches).toBe(2);
      expect(renderer.processMarker).not.toBe(oldMarker);
    } finally {
      await renderer.close();
      await pages.close();
    }
  });

  it("fails a page at once when its renderer dies while it loads, with the crash as the reason, and renders the next page", async () => {
    let held: ServerResponse[] = [];
    const pages = await startPageServer({
      ...shellRoutes,
      // A page that never settles: its text stays thin and a request of its own never answers.
      "/stuck/": html(`<!doctype html><html><body><p>Waiting</p><script>fetch("/never");</script></body></html>`),
      "/never": (_req, res) => void held.push(res),
    });
    const renderer = new Renderer({ executablePath, timeoutMs: 60_000, maxRssMb: 4_096, allowlist: [pages.host], maxBytes: 1024 * 1024 });
    try {
      const rendering = renderer.render(pages.url("/stuck/")).catch((error: unknown) => error);
      await until("the page asked for /never", async () => (pages.hits("/never") > 0 ? true : undefined));
      const killedAt = Date.now();
      for (const pid of rendererPids(renderer.processMarker)) process.kill(Number(pid), "SIGKILL");
      const error = await rendering;
      expect(error).toBeInstanceOf(BrowserError);
      expect(error).toMatchObject({ message: "The page crashed the browser", permanent: false });
      // At once: the page would otherwise wait for its text or the network until about 58 s.
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      const next = await renderer.render(pages.url("/tide/"));
      expect(next.html).toContain("rule of twelfths");
    } finally {
      for (const res of held) res.destroy();
      held = [];
      await renderer.close();
      await pages.close();
    }
  });

  it("starts a new browser after the old one was killed", async () => {
    const pages = await startPageServer(shellRoutes);
    const renderer = new Renderer({ executablePath, timeoutMs: 30_000, maxRssMb: 4_096, allowlist: [pages.host], maxBytes: 1024 * 1024 });
    try {
      await renderer.render(pages.url("/tide/"));
      // This file's own Chromium: below this process, started with the renderer's marker.
      const before = new Set(descendants(process.pid).filter((pid) => readProcCmdline(pid).includes(`--linkwise-renderer=${renderer.processMarker}`)));
      expect(before.size).toBeGreaterThan(0);
      for (const pid of before) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone with its parent.
        }
      }
      await waitUntilGone([...before], 10_000);
      const again = await renderer.render(pages.url("/tide/"));
      expect(again.html).toContain("rule of twelfths");
      expect(renderer.crashRestarts).toBe(1);
      expect(renderer.launches).toBe(2);
    } finally {
      await renderer.close();
      await pages.close();
    }
  });
});
