import { createServer, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchError, safeFetch } from "./fetcher.server";

// Callers decide what to do with a failed fetch by its kind, never by the wording of its message.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/missing") return void res.writeHead(404).end();
    if (req.url === "/declared-large") return void res.writeHead(200, { "content-type": "text/html", "content-length": "4096" }).end("x".repeat(4096));
    if (req.url === "/streamed-large") {
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end("x".repeat(4096));
    }
    if (req.url === "/latin1") return void res.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" }).end(Buffer.from("<title>Cr\u00e8me br\u00fbl\u00e9e</title>", "latin1"));
    // gzip sent without Content-Encoding: a misconfigured server, or a bomb.
    if (req.url === "/gzip") return void res.writeHead(200, { "content-type": "text/html" }).end(gzipSync("<p>hello</p>".repeat(5000)));
    if (req.url === "/image") return void res.writeHead(200, { "content-type": "image/png" }).end("png");
    res.writeHead(200, { "content-type": "text/html" }).end("<title>ok</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(path: string, options: Parameters<typeof safeFetch>[1] = {}): Promise<FetchError> {
  return failureOf(base + path, { allowlist: ["127.0.0.1"], ...options });
}

async function failureOf(url: string, options: Parameters<typeof safeFetch>[1] = {}): Promise<FetchError> {
  const error = await safeFetch(url, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe("FetchError kinds", () => {
  it("names each failure by kind, whatever its message says", async () => {
    expect((await failure("/missing")).kind).toBe("http-status");
    expect((await failure("/declared-large", { maxBytes: 1024 })).kind).toBe("too-large");
    expect((await failure("/streamed-large", { maxBytes: 1024 })).kind).toBe("too-large");
    expect((await failure("/image")).kind).toBe("not-a-page");
    const gzip = await failure("/gzip");
    expect(gzip.kind).toBe("not-a-page");
    expect(gzip.permanent).toBe(true);
    expect(gzip.message).toBe("The address sent gzip-compressed data, not a readable page");
    expect((await failure("/", { allowlist: [] })).kind).toBe("blocked");
    expect((await failureOf("ftp://example.org/")).kind).toBe("blocked");
    expect((await failureOf("not a url")).kind).toBe("invalid-address");
  });

  it("still reads a page from the same host after a body that was too large", async () => {
    await failure("/streamed-large", { maxBytes: 1024 });
    const page = await safeFetch(base + "/", { allowlist: ["127.0.0.1"] });
    expect(page.body).toContain("<title>ok</title>");
  });
});

describe("a fetched page's text", () => {
  it("keeps the page's bytes and how to read them, and decodes them only when the text is read", async () => {
    const page = await safeFetch(base + "/latin1", { allowlist: ["127.0.0.1"] });
    // The parser thread decodes these (parsePageOffThread): the main thread builds no copy of the page.
    expect(page.encoded?.reading).toBe("windows-1252");
    expect(Buffer.from(page.encoded!.bytes).toString("latin1")).toBe("<title>Cr\u00e8me br\u00fbl\u00e9e</title>");
    expect(Object.getOwnPropertyDescriptor(page, "body")?.get).toBeTypeOf("function");
    expect(page.charset).toBe("windows-1252");
    expect(page.body).toBe("<title>Crème brûlée</title>");
  });
});
