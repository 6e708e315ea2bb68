import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as FetchCache from "~/server/fetching/fetch-cache.server";
import { cacheKey, claimRender, holdRender, lookUpPage, releaseRender, renderUnderWay, RENDER_HANDOVER_MS } from "~/server/fetching/fetch-cache.server";
import type * as BrowserFetch from "~/server/fetching/browser-fetch.server";
import type { FetchedPage } from "~/server/fetching/fetcher.server";
import { fetchParsedPage, type FetchParsedOptions, type PageToFetch } from "~/server/fetching/page-fetch.server";
import { redis } from "~/server/platform/redis.server";
import { fixture, html, startPageServer } from "../helpers/page-server";

// Fetch once for everyone (issue 17, decisions 029 and 030), with saves interleaved where they
// could race. The seams are the test's own: the cache look-up is wrapped so the test can run
// another save between a save's look-up and its fetch lock, and the headless browser is replaced
// by a render that lasts until the test ends it (no Chromium needed).
const seam = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };
  return { afterLookUp: undefined as (() => Promise<unknown>) | undefined, renderStarted: gate(), renderEnds: gate(), renders: 0 };
});
vi.mock("~/server/fetching/fetch-cache.server", async (importOriginal) => {
  const original = await importOriginal<typeof FetchCache>();
  return {
    ...original,
    lookUpPage: async (...args: Parameters<typeof original.lookUpPage>) => {
      const found = await original.lookUpPage(...args);
      const between = seam.afterLookUp;
      seam.afterLookUp = undefined;
      await between?.();
      return found;
    },
  };
});
vi.mock("~/server/fetching/browser-fetch.server", async (importOriginal) => ({
  ...(await importOriginal<typeof BrowserFetch>()),
  renderedFetch: async (url: string) => {
    seam.renders += 1;
    seam.renderStarted.open();
    await seam.renderEnds.opened;
    const body = fixture("react-hooks.html").toString("utf8");
    const page: FetchedPage = { url, status: 200, contentType: "text/html", charset: "utf-8", body, bytes: Buffer.byteLength(body), redirects: [] };
    return { page, record: { method: "browser", ms: 1, reason: "rendered by the test" } };
  },
}));

let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  const page = html(fixture("react-hooks.html"));
  pages = await startPageServer({ "/race": page, "/rendered": page });
  process.env.FETCH_ALLOWLIST = pages.host;
  process.env.CRAWLER_BROWSER = "off";
});

afterAll(async () => {
  await pages?.close();
});

const save = (target: PageToFetch, render?: FetchParsedOptions["render"]) => fetchParsedPage(target, { deferrals: { busy: 0, asked: 0 }, step: () => undefined, render });
const redisKey = (kind: "rendering" | "fetching", key: string) => `${process.env.REDIS_PREFIX}:crawler:${kind}:${key}`;

describe("fetch once for everyone, two saves interleaved", () => {
  it("a save that looked the page up while another save fetched and stored it, and takes the lock after, reads the stored parse instead of fetching again", async () => {
    const target = { url: pages.url("/race"), normalizedUrl: pages.url("/race"), queuedAt: new Date() };
    // The address's first fetch: marked as seen, not stored.
    expect(await save(target)).toMatchObject({ method: "plain" });

    // Save B looks the page up (nothing stored yet); before it takes the lock, save A takes it,
    // fetches the page a second time, stores the parse and gives the lock back.
    let other: Awaited<ReturnType<typeof save>> | undefined;
    seam.afterLookUp = async () => {
      other = await save(target);
    };
    const late = await save(target);

    expect(other).toMatchObject({ method: "plain" });
    expect(pages.hits("/race")).toBe(2);
    expect(late).toMatchObject({ method: "cache", parsed: { title: "A gentle guide to React hooks" } });
  });

  it("a render's claim stands while the render runs, even one that lapsed while its job waited in the render queue: a save meanwhile does not start a second render", async () => {
    const url = pages.url("/rendered");
    const target = { url, normalizedUrl: url, queuedAt: new Date() };
    const key = cacheKey(url);
    const reason = "little text, many scripts";
    // The save whose plain fetch found the shell claimed the render for every save of the address;
    // its job then waited in the render queue longer than the claim's window.
    const claim = (await claimRender(key, reason))!;
    expect(claim).toBeTruthy();
    await redis().del(redisKey("rendering", key));

    const owner = save(target, { reason, finalAttempt: false, shareable: true, linkId: "owner", claim });
    await seam.renderStarted.opened;
    // While it renders, the claim is its own again, and cannot lapse before a render could end.
    expect((await renderUnderWay(key))?.claim).toBe(claim);
    expect(await redis().pttl(redisKey("rendering", key))).toBeGreaterThan(RENDER_HANDOVER_MS - 60_000);

    // A save of the page while the render runs, once the fetch lock (shorter than a render may
    // take) has lapsed: it goes to wait for that render, without fetching the page or claiming it.
    await redis().del(redisKey("fetching", key));
    expect(await save(target)).toEqual({ browser: reason, shareable: true });
    expect(pages.hits("/rendered")).toBe(0);

    seam.renderEnds.open();
    expect(await owner).toMatchObject({ method: "browser", parsed: { title: "A gentle guide to React hooks" } });
    // Its parse is stored for everyone and the claim given back.
    expect(await lookUpPage(key, target.queuedAt)).toMatchObject({ state: "fresh", entry: { method: "browser" } });
    expect(await renderUnderWay(key)).toBeNull();
  });

  it("a waiting save's render that looked the page up just before the claimed render stored its parse and gave its claim back reads that parse instead of rendering again", async () => {
    const url = pages.url("/rendered-late");
    const target = { url, normalizedUrl: url, queuedAt: new Date() };
    const reason = "little text, many scripts";
    const claim = (await claimRender(cacheKey(url), reason))!;
    // Renders end at once here (the gate may be closed when this test runs alone).
    seam.renderEnds.open();
    const rendersBefore = seam.renders;

    // The waiting save's render job looks the page up (nothing stored yet); before it asks whether a
    // render is under way, the claimed render runs to its end: parse stored, claim given back.
    let owner: Awaited<ReturnType<typeof save>> | undefined;
    seam.afterLookUp = async () => {
      owner = await save(target, { reason, finalAttempt: false, shareable: true, linkId: "owner", claim });
    };
    const waiter = await save(target, { reason, finalAttempt: false, shareable: true, linkId: "waiter" });

    expect(owner).toMatchObject({ method: "browser" });
    expect(waiter).toMatchObject({ method: "cache", parsed: { title: "A gentle guide to React hooks" } });
    expect(seam.renders - rendersBefore).toBe(1);
  });

  it("a held claim is renewed while its render runs, and another save's claim is left alone", async () => {
    const key = cacheKey(pages.url("/held"));
    const claim = (await claimRender(key, "scripts"))!;
    const stop = await holdRender(key, claim, 20);
    // Near its end (as after a long render), the next renewal gives it a full window again.
    await redis().pexpire(redisKey("rendering", key), 5_000);
    while ((await redis().pttl(redisKey("rendering", key))) <= 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    await releaseRender(key, claim);

    const theirs = (await claimRender(key, "scripts"))!;
    const stopOurs = await holdRender(key, claim, 20);
    stopOurs();
    expect((await renderUnderWay(key))?.claim).toBe(theirs);
  });
});
