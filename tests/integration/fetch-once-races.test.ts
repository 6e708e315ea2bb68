import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as FetchCache from "~/server/fetching/fetch-cache.server";
import { fetchParsedPage, type PageToFetch } from "~/server/fetching/page-fetch.server";
import { fixture, html, startPageServer } from "../helpers/page-server";

// Fetch once for everyone (issue 17, decision 029), with two saves interleaved at the one place
// where they could race: between a save's look-up in the shared cache and its fetch lock. The
// seam is the test's own: the cache look-up is wrapped so the test can run the other save there.
const seam = vi.hoisted(() => ({ afterLookUp: undefined as (() => Promise<unknown>) | undefined }));
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

let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  pages = await startPageServer({ "/race": html(fixture("react-hooks.html")) });
  process.env.FETCH_ALLOWLIST = pages.host;
  process.env.CRAWLER_BROWSER = "off";
});

afterAll(async () => {
  await pages?.close();
});

const save = (target: PageToFetch) => fetchParsedPage(target, { deferrals: { busy: 0, asked: 0 }, step: () => undefined });

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
});
