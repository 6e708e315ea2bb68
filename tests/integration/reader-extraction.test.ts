import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";
import { readFileSync } from "node:fs";
import { pdfBomb, pdfWithCyclicPageTree } from "../helpers/pdfs";

// Reader extraction through the whole pipeline (decision 022): a news page without an <article>
// read by Readability, its details stored and its lead image served from our origin; a Markdown
// file; a script-built page that ships its text as JSON-LD.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
// The smallest JPEG header our sniffing accepts, then filler: a lead image as the site serves it.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);

interface Detail extends LinkBody {
  readingMinutes: number | null;
  byline: string | null;
  publishedAt: string | null;
  siteName: string | null;
  leadImage: string | null;
}

beforeAll(async () => {
  const news = readFileSync("tests/fixtures/pages/corpus/news-harbour-bridge.html", "utf8");
  pipeline = await startPipeline({
    "/news": (req, res) => html(news.replace("https://cdn.dailyherald.test/img/bridge.jpg", `http://${req.headers.host}/img/bridge.jpg`))(req, res),
    "/img/bridge.jpg": html(JPEG, "image/jpeg"),
    // A lead image on a private address: refused by the safe fetcher's address rules like any page.
    "/private-image": html(news.replace("https://cdn.dailyherald.test/img/bridge.jpg", "http://169.254.169.254/latest/meta-data/image.jpg")),
    "/guide.md": html(readFileSync("tests/fixtures/pages/corpus/markdown-guide.md"), "text/markdown; charset=utf-8"),
    "/app": html(readFileSync("tests/fixtures/pages/corpus/spa-status-post.html")),
    "/paper.pdf": html(readFileSync("tests/fixtures/pages/corpus/pdf-paper.pdf"), "application/pdf"),
    "/broken.pdf": html(Buffer.from("%PDF-1.7\nthis is not really a PDF"), "application/pdf"),
    // 300 KB that pdf.js inflates to 300 MB (its metadata), and a page tree that is its own kid.
    "/bomb.pdf": html(pdfBomb(300), "application/pdf"),
    "/cyclic.pdf": html(pdfWithCyclicPageTree(), "application/pdf"),
  }, { workerEnv: { PDF_MAX_RSS_MB: "200" } });
}, 120_000);

afterAll(() => pipeline?.stop());

/** Each enriched link's owner's token. */
const tokens = new Map<string, string>();
const owner = (linkId: string) => tokens.get(linkId)!;

async function enrich(path: string): Promise<Detail> {
  const { token } = await signUpAs(pipeline.api, "ProUser");
  const added = await pipeline.api<LinkBody>("POST", "/api/links", { token, body: { url: pipeline.pages.url(path) } });
  expect(added.status).toBe(201);
  tokens.set(added.body.id, token);
  return (await waitForLink(pipeline.api, token, added.body.id, 30_000)) as Detail;
}

describe("reader extraction in the pipeline", () => {
  it("reads a news page with Readability: text without the cookie banner, byline, date, site name, lead image from our origin", async () => {
    const link = await enrich("/news");
    expect(link.status).toBe("enriched");
    expect(link.title).toBe("Harbour bridge reopens after two years of repairs");
    expect(link).toMatchObject({ byline: "Maria Lopez", publishedAt: "2026-11-20T07:30:00.000Z", siteName: "The Daily Herald" });
    expect(link.leadImage).toMatch(/^\/lead-images\/[0-9a-f]{32}$/);
    const image = await fetch(`${pipeline.web.baseUrl}${link.leadImage}`);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("x-content-type-options")).toMatch(/nosniff/);
    expect(Buffer.from(await image.arrayBuffer()).equals(JPEG)).toBe(true);
    // Shared, its page previews with the lead image (an absolute URL on our origin).
    const shared = await pipeline.api<{ shareUrl: string }>("POST", `/api/links/${link.id}/share`, { token: owner(link.id) });
    expect(shared.status).toBe(200);
    const sharePage = await (await fetch(`${pipeline.web.baseUrl}/share/${link.id}`)).text();
    // (APP_URL is the deployment's public address; the test's is a placeholder.)
    expect(sharePage).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${link.leadImage}"/>`));
    expect(sharePage).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const row = await db().selectFrom("links").select(["content_text", "extractor"]).where("id", "=", link.id).executeTakeFirstOrThrow();
    expect(row.extractor).toBe("readability");
    expect(row.content_text).toContain("Engineers replaced all two hundred cables");
    expect(row.content_text).not.toContain("We use cookies");
    expect((await fetch(`${pipeline.web.baseUrl}/lead-images/${"0".repeat(32)}`)).status).toBe(404);
  }, 60_000);

  it("never fetches a lead image on a private address", async () => {
    const link = await enrich("/private-image");
    expect(link.status).toBe("enriched");
    expect(link.leadImage).toBeNull();
  }, 60_000);

  it("reads a Markdown file and a script-built page's JSON-LD text", async () => {
    const guide = await enrich("/guide.md");
    expect(guide).toMatchObject({ status: "enriched", title: "Widget user guide" });
    expect(guide.codeSnippets?.map((c) => c.language)).toEqual(["bash", "javascript"]);
    const app = await enrich("/app");
    expect(app).toMatchObject({ status: "enriched", title: "Elevated error rates in the EU region", publishedAt: "2026-11-03T10:20:00.000Z" });
    const row = await db().selectFrom("links").select(["content_text", "extractor"]).where("id", "=", app.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ extractor: "json-ld" });
    expect(row.content_text).toContain("a certificate that expired on one of the internal load balancers");
  }, 60_000);

  it("reads a PDF in its reader process: text, title from its metadata, author, two minutes a page; a broken one fails with a reason", async () => {
    const paper = await enrich("/paper.pdf");
    expect(paper).toMatchObject({ error: null, status: "enriched", title: "Cache-aware scheduling for short jobs", byline: "R. Tanaka and L. Moreau", readingMinutes: 4 });
    const row = await db().selectFrom("links").select(["content_text", "extractor"]).where("id", "=", paper.id).executeTakeFirstOrThrow();
    expect(row.extractor).toBe("pdf");
    expect(row.content_text?.replace(/\s+/g, " ")).toContain("the median latency fell from 9.1 to 6.0 milliseconds");
    const broken = await enrich("/broken.pdf");
    expect(broken).toMatchObject({ status: "error", error: "The PDF could not be read" });
    const cyclic = await enrich("/cyclic.pdf");
    expect(cyclic).toMatchObject({ status: "error", error: "The PDF could not be read: its page tree contains itself" });
  }, 60_000);

  it("reads a PDF bomb in a process of its own: refused for its memory, and neither the worker nor the web server grows", async () => {
    const worker = pipeline.worker.child.pid!;
    const workerBefore = peakRssMb(worker);
    const bomb = await enrich("/bomb.pdf");
    expect(bomb).toMatchObject({ status: "error", error: "The PDF needs more memory than we allow to read it (it may be a decompression bomb)" });
    expect(peakRssMb(worker) - workerBefore).toBeLessThan(100);

    // The web server (this process) answers a preview of it with its file name, never parsing it.
    const webBefore = peakRssMb(process.pid);
    const { token } = await signUpAs(pipeline.api, "FreeUser");
    const previews = await Promise.all(Array.from({ length: 3 }, () => pipeline.api<{ title: string }>("GET", `/api/links/preview?url=${encodeURIComponent(pipeline.pages.url("/bomb.pdf"))}`, { token })));
    expect(previews.map((preview) => [preview.status, preview.body.title])).toEqual(Array(3).fill([200, `${pipeline.pages.host}/bomb.pdf`]));
    expect(peakRssMb(process.pid) - webBefore).toBeLessThan(100);
  }, 60_000);
});

/** A process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}
