import { readFileSync, readlinkSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ParsePool, threadCpuMs } from "./page-parse-pool.server";
import { PAGE_EMPTY, PAGE_TOO_COMPLEX, PageError, parsePage } from "./page-parser.server";

const article = readFileSync("tests/fixtures/pages/postgres-indexes.html", "utf8");
const small = { body: article, url: "https://blog.example.test/post", contentType: "text/html" };
// Shallow but big: seconds of parsing, far over the budgets below (it is never refused for depth).
const big = { body: `<html><body>${"<div><p>Some words in a paragraph.</p></div>".repeat(300_000)}</body></html>`, url: "https://big.test/", contentType: "text/html" };

let pool: ParsePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the parse to fail");
}

describe("ParsePool", () => {
  it("parses in a worker thread exactly what parsePage gives", async () => {
    pool = new ParsePool({ threads: 1, budgetMs: 30_000 });
    expect(await pool.parse(small)).toEqual(parsePage(small.body, small.url, small.contentType));
    // A thread loads the parser (Readability and linkedom) before its first page: seconds on a busy machine.
  }, 30_000);

  it("decodes a page sent as its bytes in the thread, as the fetcher read them", async () => {
    pool = new ParsePool({ threads: 1, budgetMs: 30_000 });
    const html = article.replace("<p>", "<p>Crème brûlée, déjà vu. ");
    const bytes = Buffer.from(html, "latin1");
    const parsed = await pool.parse({ body: "", encoded: { bytes, reading: "windows-1252" }, url: small.url, contentType: "text/html" });
    expect(parsed).toEqual(parsePage(html, small.url, "text/html"));
    expect(parsed.text).toContain("Crème brûlée, déjà vu.");
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html)]);
    expect(await pool.parse({ body: "", encoded: { bytes: utf8, reading: "utf-8" }, url: small.url, contentType: "text/html" })).toEqual(parsed);
  }, 30_000);

  it("passes the page's own refusals back as PageErrors", async () => {
    pool = new ParsePool({ threads: 1, budgetMs: 30_000 });
    const deep = await rejection(pool.parse({ ...small, body: "<div>".repeat(100_000) }));
    expect(deep).toBeInstanceOf(PageError);
    expect((deep as Error).message).toBe(PAGE_TOO_COMPLEX);
    const empty = await rejection(pool.parse({ ...small, body: "<html><body></body></html>" }));
    expect(empty).toBeInstanceOf(PageError);
    expect((empty as Error).message).toBe(PAGE_EMPTY);
    // The thread is still there for the next page.
    expect((await pool.parse(small)).title).toBe("How Postgres Indexes Work");
    // A thread start and a 100,000-deep tree: 2.5 s at a load of 13.
  }, 30_000);

  it("stops a parse over its budget (the page is too complex), and a page queued behind it still gets a fresh thread", async () => {
    pool = new ParsePool({ threads: 1, budgetMs: 250 });
    const [slow, next] = await Promise.allSettled([pool.parse(big), pool.parse(small)]);
    expect(slow.status).toBe("rejected");
    expect((slow as PromiseRejectedResult).reason).toBeInstanceOf(PageError);
    expect(((slow as PromiseRejectedResult).reason as Error).message).toBe(PAGE_TOO_COMPLEX);
    // The budget counts from the moment a thread takes the page, not while it waits.
    expect(next.status).toBe("fulfilled");
    expect((next as PromiseFulfilledResult<{ title: string }>).value.title).toBe("How Postgres Indexes Work");
    expect(pool.threadsStarted).toBe(2);
    // Each thread loads the parser (Readability and linkedom included) first: seconds on a busy machine.
  }, 30_000);

  it("counts the budget in the thread's CPU time, read from /proc for the thread the page is on", async () => {
    const tids: number[] = [];
    pool = new ParsePool({ threads: 1, budgetMs: 250, threadCpuMs: (tid) => (tids.push(tid), threadCpuMs(tid)) });
    const slow = await rejection(pool.parse(big));
    expect((slow as Error).message).toBe(PAGE_TOO_COMPLEX);
    // The thread told its system id, and its CPU time was read at the start and at the budget's end.
    expect(tids.length).toBeGreaterThanOrEqual(2);
    expect(tids.every((tid) => tid === tids[0] && tid !== Number(readlinkSync("/proc/thread-self").split("/").pop()))).toBe(true);
  }, 30_000);

  it("does not refuse a page whose thread waited for a core (a busy machine): only CPU time counts, up to the wall-time cap", async () => {
    // A thread that got no CPU at all while the page took seconds of wall time.
    const starved = () => 0;
    pool = new ParsePool({ threads: 1, budgetMs: 200, threadCpuMs: starved, wallCapMs: 120_000 });
    const medium = { ...big, body: `<html><body>${"<div><p>Some words in a paragraph.</p></div>".repeat(40_000)}</body></html>` };
    const started = performance.now();
    expect((await pool.parse(medium)).words).toBeGreaterThan(10_000);
    // Far over the budget in wall time, so wall time alone would have refused it.
    expect(performance.now() - started).toBeGreaterThan(200);
    // The wall-time cap still stops a parse that never ends.
    await pool.close();
    pool = new ParsePool({ threads: 1, budgetMs: 200, threadCpuMs: starved, wallCapMs: 600 });
    expect(((await rejection(pool.parse(big))) as Error).message).toBe(PAGE_TOO_COMPLEX);
  }, 60_000);

  it("reads a thread's CPU time from /proc", () => {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    const before = threadCpuMs(tid)!;
    // Busy until the thread has used 100 ms of CPU (seconds of wall time on a busy machine).
    const deadline = performance.now() + 30_000;
    while (threadCpuMs(tid)! - before < 100 && performance.now() < deadline) for (let i = 0; i < 100_000; i++) Math.sqrt(i);
    expect(threadCpuMs(tid)! - before).toBeGreaterThanOrEqual(100);
    expect(threadCpuMs(999_999_999)).toBeUndefined();
  });

  it("gives a page added by hand a thread of its own while an import's pages hold every thread", async () => {
    pool = new ParsePool({ threads: 1, budgetMs: 60_000 });
    const medium = { ...big, body: `<html><body>${"<div><p>Some words in a paragraph.</p></div>".repeat(60_000)}</body></html>` };
    const finished: string[] = [];
    const imported = [1, 2, 3].map((n) => pool!.parse(medium, { lane: "background" }).then(() => finished.push(`imported ${n}`)));
    let waitedMs = -1;
    const asked = performance.now();
    const byHand = pool.parse(small, { onStart: () => (waitedMs = performance.now() - asked) }).then(() => finished.push("by hand"));
    await Promise.all([...imported, byHand]);
    // It did not wait behind the imported pages (first come, first served it would be last), nor
    // take their place: they kept their one thread, in order.
    expect(finished.indexOf("by hand")).toBeLessThan(2);
    expect(finished.filter((name) => name !== "by hand")).toEqual(["imported 1", "imported 2", "imported 3"]);
    expect(waitedMs).toBeGreaterThanOrEqual(0);
    expect(pool.threadsStarted).toBe(2);
    // Two thread starts and three 2 MB parses: seconds on a busy machine, not the default 5 s.
  }, 60_000);

  it("runs pages side by side on several threads", async () => {
    pool = new ParsePool({ threads: 2, budgetMs: 30_000 });
    const pages = await Promise.all([pool.parse(small), pool.parse(small), pool.parse(small)]);
    expect(pages.map((page) => page.title)).toEqual(Array(3).fill("How Postgres Indexes Work"));
    expect(pool.threadsStarted).toBe(2);
  }, 30_000);
});
