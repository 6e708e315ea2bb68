import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserError, findChromium, Renderer } from "~/server/fetching/browser.server";
import { FetchError, PRIVATE_ADDRESS } from "~/server/fetching/fetcher.server";
import { html, startPageServer } from "../helpers/page-server";

// The headless browser under the fetcher's address rules (decision 030): the page server is
// allow-listed, the canary is not, and the canary counts every connection, not only requests,
// so a preconnect or a socket that never sends a request counts too.
const executablePath = findChromium(process.env.CHROMIUM_PATH);
if (!executablePath) throw new Error("These tests need Chromium: apt-get install chromium, or set CHROMIUM_PATH");

let canary: Server;
let canaryPort = 0;
let canaryConnections = 0;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let renderer: Renderer;

const canaryUrl = (path = "/secret") => `http://127.0.0.1:${canaryPort}${path}`;

/** A shell whose text arrives from a script (fetching same-origin data), then reaches for the canary every way a page can. */
function hostileShell(): string {
  const c = canaryUrl();
  return `<!doctype html><html><head><title>Shell</title>
<link rel="preconnect" href="${canaryUrl("/")}"><link rel="dns-prefetch" href="${canaryUrl("/")}">
<link rel="prefetch" href="${canaryUrl("/prefetch")}"><link rel="stylesheet" href="${canaryUrl("/style.css")}">
<script src="${canaryUrl("/script.js")}"></script></head>
<body><div id="root">Loading…</div><img src="${canaryUrl("/image.png")}"><iframe src="${canaryUrl("/frame")}"></iframe>
<iframe src="/to-canary"></iframe>
<script>
const attempts = [
  () => fetch(${JSON.stringify(c)}),
  () => fetch(${JSON.stringify(canaryUrl("/post"))}, { method: "POST", body: "x", mode: "no-cors" }),
  () => fetch("/to-canary"),
  () => fetch("http://localhost:${canaryPort}/"),
  () => fetch("http://169.254.169.254/latest/meta-data/"),
  () => fetch("http://10.0.0.1/"),
  () => { const x = new XMLHttpRequest(); x.open("GET", ${JSON.stringify(canaryUrl("/xhr"))}); x.send(); },
  () => new WebSocket("ws://127.0.0.1:${canaryPort}/socket"),
  () => new EventSource(${JSON.stringify(canaryUrl("/events"))}),
  () => navigator.sendBeacon(${JSON.stringify(canaryUrl("/beacon"))}, "x"),
  () => new Worker(URL.createObjectURL(new Blob(["fetch(${c}).catch(() => 0); new WebSocket('ws://127.0.0.1:${canaryPort}/w')"], { type: "text/javascript" }))),
  () => navigator.serviceWorker && navigator.serviceWorker.register("/sw.js"),
  () => window.open(${JSON.stringify(canaryUrl("/popup"))}),
];
for (const attempt of attempts) { try { Promise.resolve(attempt()).catch(() => 0); } catch {} }
fetch("/data.json").then((r) => r.json()).then((data) => {
  document.getElementById("root").innerHTML = "<article><h1>" + data.title + "</h1><p>" + data.text + "</p></article>";
});
</script></body></html>`;
}

const TEXT = "This paragraph arrived from a script, fetched from the page's own origin through the safe fetcher. ".repeat(4);

beforeAll(async () => {
  canary = createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => canaryConnections++);
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryPort = (canary.address() as AddressInfo).port;
  pages = await startPageServer({
    "/shell": (req, res) => html(hostileShell())(req, res),
    "/data.json": html(JSON.stringify({ title: "Rendered title", text: TEXT }), "application/json"),
    "/to-canary": (_req, res) => res.writeHead(302, { location: canaryUrl("/redirected") }).end(),
    "/to-metadata": (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
    "/hop": (_req, res) => res.writeHead(301, { location: "/landed" }).end(),
    "/landed": html(`<!doctype html><html><body><div id="app"></div><script>document.getElementById("app").textContent = location.pathname + " " + ${JSON.stringify(TEXT)};</script></body></html>`),
    "/navigates-to-redirect": html(`<!doctype html><html><body><div id="root">${TEXT}</div><script>setTimeout(() => { location.href = "/to-canary"; }, 50);</script></body></html>`),
    "/navigates-away": html(`<!doctype html><html><body><div id="root"></div><script>location.href = ${JSON.stringify(canaryUrl("/navigated"))};</script></body></html>`),
  });
  renderer = new Renderer({ executablePath, timeoutMs: 20_000, maxRssMb: 4_096, allowlist: [pages.host], maxBytes: 1024 * 1024 });
});

afterAll(async () => {
  await renderer?.close();
  await pages?.close();
  await new Promise<void>((resolve) => canary.close(() => resolve()));
});

describe("the headless browser under the fetcher's address rules", () => {
  it("renders a script-built page while every request it makes to a private address is refused, and none reaches the canary", async () => {
    const page = await renderer.render(pages.url("/shell"));
    expect(page.html).toContain("Rendered title");
    expect(page.html).toContain("This paragraph arrived from a script");
    expect(page.blocked).toBeGreaterThanOrEqual(8);
    expect(pages.hits("/data.json")).toBe(1);
    // The same-origin redirect was followed by the fetcher, which refused its private target.
    expect(pages.hits("/to-canary")).toBeGreaterThanOrEqual(1);
    expect(canaryConnections).toBe(0);
  });

  it("refuses the page itself on a private address, directly or through a redirect, with the fetcher's reason", async () => {
    for (const url of [canaryUrl("/"), `http://localhost:${canaryPort}/`, pages.url("/to-canary"), pages.url("/to-metadata"), "http://169.254.169.254/latest/meta-data/"]) {
      const error = await renderer.render(url).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(FetchError);
      expect((error as FetchError).message, url).toBe(PRIVATE_ADDRESS);
      expect((error as FetchError).permanent, url).toBe(true);
    }
    expect(canaryConnections).toBe(0);
  });

  it("follows an allowed redirect so the page's address is where it landed", async () => {
    const page = await renderer.render(pages.url("/hop"));
    expect(page.url).toBe(pages.url("/landed"));
    expect(page.html).toContain("/landed This paragraph");
    expect(pages.hits("/landed")).toBe(1);
  });

  it("fails a page that navigates itself to a private address, by script or through a redirect, with the fetcher's reason (never Chromium's error page)", async () => {
    for (const path of ["/navigates-away", "/navigates-to-redirect"]) {
      const error = await renderer.render(pages.url(path)).catch((e: unknown) => e);
      expect(error, path).toBeInstanceOf(FetchError);
      expect((error as FetchError).message, path).toBe(PRIVATE_ADDRESS);
      expect((error as FetchError).permanent, path).toBe(true);
    }
    expect(canaryConnections).toBe(0);
  });

  it("gives up a page that never settles at the hard timeout", async () => {
    pages.route("/hangs", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><html><body><div id=root>");
      // Never ends: the document never finishes loading.
    });
    const quick = new Renderer({ executablePath, timeoutMs: 2_000, maxRssMb: 4_096, allowlist: [pages.host], maxBytes: 1024 * 1024 });
    try {
      const started = Date.now();
      const error = await quick.render(pages.url("/hangs")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error instanceof BrowserError || error instanceof FetchError).toBe(true);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await quick.close();
    }
  });

  it("applies the fetcher's size cap to the page its scripts built", async () => {
    pages.route("/grows", html(`<!doctype html><html><body><p>Start</p><script>document.body.append("${"x".repeat(1024)}".repeat(2048));</script></body></html>`));
    const error = await renderer.render(pages.url("/grows")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ kind: "too-large", permanent: true, message: "The page is larger than 1 MB" });
  });

  it("stops a page whose scripts never yield at its script budget (the renderer's CPU time), not the whole render timeout, and renders the next page", async () => {
    pages.route("/spins", html(`<!doctype html><html><body><p>Spinning</p><script>for (;;) {}</script></body></html>`));
    // One second of CPU against a 40 s timeout: the reason says which limit stopped it (wall time
    // depends on how busy the machine is, so it is not asserted).
    const strict = new Renderer({ executablePath, timeoutMs: 40_000, scriptBudgetMs: 1_000, maxRssMb: 4_096, allowlist: [pages.host], maxBytes: 1024 * 1024 });
    try {
      const error = await strict.render(pages.url("/spins")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrowserError);
      expect(error).toMatchObject({ permanent: true, message: "The page's scripts kept the browser busy for more than 1 s" });
      const next = await strict.render(pages.url("/hop"));
      expect(next.html).toContain("/landed This paragraph");
    } finally {
      await strict.close();
    }
  });

  it("stops a page that takes the browser past its memory limit while it runs, and fails it with the reason", async () => {
    pages.route(
      "/hoards",
      html(`<!doctype html><html><body><p>Hoarding</p><script>
const kept = [];
const grow = () => { for (let i = 0; i < 8; i++) kept.push(new Uint8Array(16 * 1024 * 1024).fill(i + 1)); setTimeout(grow, 20); };
grow();
</script></body></html>`),
    );
    const small = new Renderer({ executablePath, timeoutMs: 20_000, maxRssMb: 400, allowlist: [pages.host], maxBytes: 1024 * 1024 });
    try {
      const error = await small.render(pages.url("/hoards")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrowserError);
      // Stopped by our weighing, or by Chromium ending the renderer between two weighings (a busy
      // machine weighs late): either way the page's memory is the reason, and it fails for good.
      expect((error as BrowserError).message).toMatch(/^The page (needed more than 800 MB of memory|crashed the browser after using \d+ MB of memory)/);
      expect(error).toMatchObject({ permanent: true });
      // Stopped near the limit, not at the machine's: the browser's peak stayed within twice the limit.
      expect(small.peakRssMb).toBeLessThan(1_600);
      const next = await small.render(pages.url("/hop"));
      expect(next.html).toContain("/landed This paragraph");
    } finally {
      await small.close();
    }
  });
});
