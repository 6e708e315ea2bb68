import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback web server with pages to crawl; counts the requests each path received. */
export async function startPageServer(routes: Record<string, Handler> = {}) {
  const hits = new Map<string, number>();
  const table = new Map(Object.entries(routes));
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const handler = table.get(pathname);
    if (handler) return handler(req, res);
    res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host: `127.0.0.1:${port}`,
    url: (pathname: string) => `http://127.0.0.1:${port}${pathname}`,
    hits: (pathname?: string) => (pathname ? (hits.get(pathname) ?? 0) : [...hits.values()].reduce((a, b) => a + b, 0)),
    route: (pathname: string, handler: Handler) => table.set(pathname, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function fixture(name: string): Buffer {
  return readFileSync(path.resolve("tests/fixtures/pages", name));
}

export const html =
  (body: string | Buffer, contentType = "text/html; charset=utf-8"): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": contentType }).end(body);
  };
