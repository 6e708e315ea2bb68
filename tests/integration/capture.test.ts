import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "~/lib/api-tokens";
import { CAPTURE_MAX_BYTES } from "~/lib/capture";
import { db } from "~/server/platform/db.server";
import { readerArticle } from "~/server/reader/reader.server";
import { html, type startPageServer } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink } from "../helpers/pipeline";

// "Save page as I see it" (decision 069) through POST /api/links with a personal API token, as the
// browser extension sends it, against a real worker: the link is read from the captured HTML and
// its address is never fetched; the limits answer 4xx {message}; a link already saved keeps the
// user's own tags, note and title.
const PAYWALL = "<!doctype html><html><head><title>Subscribe</title></head><body><p>Subscribe to read this article.</p></body></html>";
const article = (title: string, topic: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><link rel="icon" href="/icon.png"></head><body><nav>Menu</nav><article><h1>${title}</h1>` +
  Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i + 1} about ${topic}: the keepers of the lighthouse trimmed the wick, wound the clockwork and logged every passing ship in the ledger by hand.</p>`).join("") +
  `<script>document.title = "changed by script"</script><img src="x" onerror="alert(1)"></article></body></html>`;

type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let api: Pipeline["api"];
let token: string;
let userId: string;

interface Detail {
  id: string;
  status: string;
  title: string | null;
  tags: string[];
  notes: string | null;
  summary: string | null;
  fetchMethod: string | null;
  message?: string;
}

beforeAll(async () => {
  pipeline = await startPipeline({ "/paywalled": html(PAYWALL), "/already": html(article("Lighthouse keeping", "lighthouses")), "/walled": (_req, res) => void res.writeHead(403, { "content-type": "text/html" }).end("<h1>Forbidden</h1>") });
  ({ pages, api } = pipeline);
  const user = await signUpAs(api, "ProUser");
  userId = user.id;
  token = (await api<CreatedApiToken>("POST", "/api/tokens", { token: user.token, body: { name: "Browser extension", scopes: ["read", "write"] } })).body.token;
}, 120_000);
afterAll(async () => {
  await pipeline?.stop();
});

const save = (body: Record<string, unknown>) => api<Detail>("POST", "/api/links", { token, body });
const detail = async (id: string) => (await api<Detail>("GET", `/api/links/${id}`, { token })).body;

describe("a save with the captured page", () => {
  it("enriches from what the user saw and never fetches the address", async () => {
    const saved = await save({ url: pages.url("/paywalled"), title: "As shown in the tab", tags: ["reading"], notes: "From the extension", capture: { html: article("The lighthouse keepers", "lighthouses") } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ status: "pending", title: "As shown in the tab", tags: ["reading"] });
    const done = await waitForLink(api, token, saved.body.id, 30_000);
    expect(done.status).toBe("enriched");
    const link = await detail(saved.body.id);
    // The parse of the captured HTML, the same parser as a fetched page: the <title>, not the script's.
    expect(link.title).toBe("The lighthouse keepers");
    expect(link.summary).toMatch(/lighthouse|wick|ledger/i);
    expect(link.fetchMethod).toBe("capture");
    expect(link.tags).toContain("reading");
    expect(link.notes).toBe("From the extension");
    expect(pages.hits("/paywalled")).toBe(0);
    // The reader's article is sanitised like any page's: no script, no handler.
    const reader = await readerArticle(userId, saved.body.id);
    expect(reader.html).toContain("trimmed the wick");
    expect(reader.html).not.toMatch(/onerror|<script/i);
  });

  it("refuses a capture over the cap with 413 and bad ones with 400, saving nothing", async () => {
    const url = pages.url("/too-big");
    const big = await save({ url, capture: { html: `<p>${"a".repeat(CAPTURE_MAX_BYTES)}</p>` } });
    expect(big.status).toBe(413);
    expect(big.body.message).toContain("2 MB");
    // Multi-byte text counts in bytes, not characters.
    const wide = await save({ url, capture: { html: "é".repeat(CAPTURE_MAX_BYTES / 2 + 1) } });
    expect(wide.status).toBe(413);
    const huge = await api<{ message: string }>("POST", "/api/links", { token, body: { url, capture: { html: "\n".repeat(4 * CAPTURE_MAX_BYTES) } } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/larger than/);
    for (const capture of [{ html: "" }, "<p>not an object</p>", { html: 42 }]) {
      const bad = await save({ url, capture });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/capture/);
    }
    expect((await save({ url, tags: "one" })).status).toBe(400);
    // Other endpoints keep BODY_LIMIT (1 MB).
    const other = await api<{ message: string }>("PUT", "/api/preferences", { token, body: { pad: "x".repeat(1_200_000) } });
    expect(other.status).toBe(413);
    const rows = await db().selectFrom("links").select("id").where("url", "=", url).execute();
    expect(rows).toEqual([]);
    expect(pages.hits("/too-big")).toBe(0);
  });

  it("keeps the user's own tags, note and title on a link already saved, and does not use the capture", async () => {
    const first = await save({ url: pages.url("/already"), tags: ["mine"], notes: "First note" });
    expect(first.status).toBe(201);
    expect((await waitForLink(api, token, first.body.id, 30_000)).status).toBe("enriched");
    expect((await api("PATCH", `/api/links/${first.body.id}`, { token, body: { title: "My own title" } })).status).toBe(200);
    const before = await detail(first.body.id);

    const again = await save({ url: pages.url("/already"), title: "Another title", tags: ["second"], notes: "Second note", capture: { html: article("Something else entirely", "volcanoes") } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBeTruthy();
    const after = await detail(first.body.id);
    expect(after).toMatchObject({ status: "enriched", title: "My own title", summary: before.summary, fetchMethod: "plain" });
    expect(after.tags).toEqual(expect.arrayContaining(["mine", "second"]));
    expect(after.notes).toContain("First note");
    expect(after.notes).toContain("Second note");
    expect(await db().selectFrom("link_captures").select("link_id").where("link_id", "=", first.body.id).executeTakeFirst()).toBeUndefined();
    expect(pages.hits("/already")).toBe(1);
  });

  it("tries a link that failed again from the capture, without fetching it again", async () => {
    const first = await save({ url: pages.url("/walled") });
    const failed = await waitForLink(api, token, first.body.id, 30_000);
    expect(failed.status).toBe("error");
    const hits = pages.hits("/walled");

    const again = await save({ url: pages.url("/walled"), capture: { html: article("Behind the wall", "harbours") } });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("pending");
    const done = await waitForLink(api, token, first.body.id, 30_000);
    expect(done.status).toBe("enriched");
    expect((await detail(first.body.id)).title).toBe("Behind the wall");
    expect(pages.hits("/walled")).toBe(hits);
  });
});
