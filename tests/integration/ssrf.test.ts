import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCKED_ADDRESS, FetchError, PRIVATE_ADDRESS, isPublicAddress, safeFetch } from "~/server/fetching/fetcher.server";
import { startPageServer } from "../helpers/page-server";

// A canary that must never be reached, on IPv4 and IPv6 loopback, and an allow-listed page
// server whose redirects point at internal addresses.
let canaryHits = 0;
const canary4 = createServer((_req, res) => {
  canaryHits++;
  res.end("canary");
});
const canary6 = createServer((_req, res) => {
  canaryHits++;
  res.end("canary");
});
let port = 0;
let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => canary4.listen(0, "127.0.0.1", resolve));
  port = (canary4.address() as AddressInfo).port;
  await new Promise<void>((resolve) => canary6.listen(port, "::1", resolve).on("error", () => resolve()));
  pages = await startPageServer({
    "/to-metadata": (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
    "/to-canary": (_req, res) => res.writeHead(301, { location: `http://127.0.0.1:${port}/secret` }).end(),
    "/to-canary-v6": (_req, res) => res.writeHead(307, { location: `http://[::1]:${port}/secret` }).end(),
    "/to-file": (_req, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end(),
    "/to-localhost": (_req, res) => res.writeHead(308, { location: `http://localhost:${port}/` }).end(),
    "/to-compat-v6": (_req, res) => res.writeHead(302, { location: `http://[::127.0.0.1]:${port}/secret` }).end(),
  });
});

afterAll(async () => {
  canary4.close();
  canary6.close();
  await pages.close();
});

const forms = () => [
  `http://127.0.0.1:${port}/`,
  `http://127.0.0.2:${port}/`,
  `http://127.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f000001:${port}/`,
  `http://0x7f.0.0.1:${port}/`,
  `http://0177.0.0.1:${port}/`,
  `http://017700000001:${port}/`,
  `http://[::1]:${port}/`,
  `http://[0:0:0:0:0:0:0:1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[::ffff:7f00:1]:${port}/`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
  `http://[64:ff9b::127.0.0.1]:${port}/`,
  `http://[2002:7f00:1::]:${port}/`,
  `http://localhost:${port}/`,
  `http://LOCALHOST:${port}/`,
  `http://localhost.:${port}/`,
  `http://0.0.0.0:${port}/`,
  `http://0:${port}/`,
  `http://[::]:${port}/`,
  "http://10.0.0.1/",
  "http://10.255.255.254:8080/admin",
  "http://172.16.0.1/",
  "http://172.31.255.1/",
  "http://192.168.0.1/",
  "http://192.168.1.254:8443/",
  "http://169.254.169.254/latest/meta-data/",
  "http://169.254.0.1/",
  "http://[fe80::1]/",
  "http://[fd00::1]/",
  "http://[fc00::abcd]/",
  "http://100.64.0.1/",
  "http://100.127.255.254/",
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://255.255.255.255/",
  "http://240.0.0.1/",
  "http://192.0.0.8/",
  "http://198.18.0.1/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:a9fe:a9fe]/",
  // IPv4-compatible IPv6 (::/96): the IPv4 address inside is what a host with an IPv6 route reaches.
  `http://[::127.0.0.1]:${port}/`,
  "http://[::a00:1]/",
  "http://[::a9fe:a9fe]/",
  // Outside global unicast 2000::/3.
  "http://[100::1]/",
  "http://[4000::1]/",
  `http://user:pass@127.0.0.1:${port}/`,
  `ftp://127.0.0.1:${port}/`,
  "file:///etc/passwd",
  `gopher://127.0.0.1:${port}/_GET`,
  "data:text/html,<h1>x</h1>",
  "javascript:alert(1)",
  `ws://127.0.0.1:${port}/`,
];

describe("the safe fetcher refuses internal addresses", () => {
  it("covers at least 40 URL forms", () => {
    expect(forms().length).toBeGreaterThanOrEqual(40);
  });

  it("refuses every form, permanently, without a single request reaching the canary", async () => {
    for (const url of forms()) {
      const error = await safeFetch(url, { timeoutMs: 2_000 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(FetchError);
      expect((error as FetchError).permanent, url).toBe(true);
      expect((error as FetchError).message, url).toMatch(new RegExp(`${BLOCKED_ADDRESS}|not a valid address|could not be found`));
    }
    expect(canaryHits).toBe(0);
  });

  it("re-checks every redirect, even from an allow-listed host", async () => {
    for (const path of ["/to-metadata", "/to-canary", "/to-canary-v6", "/to-file", "/to-localhost", "/to-compat-v6"]) {
      const error = await safeFetch(pages.url(path), { allowlist: [pages.host], timeoutMs: 2_000 }).catch((e: unknown) => e);
      expect((error as FetchError).message, path).toBe(path === "/to-file" ? BLOCKED_ADDRESS : PRIVATE_ADDRESS);
      expect(pages.hits(path), path).toBe(1);
    }
    expect(canaryHits).toBe(0);
  });

  it("refuses the allow-listed host's own port when it is not the listed one", async () => {
    const error = await safeFetch(`http://127.0.0.1:${port}/`, { allowlist: [pages.host] }).catch((e: unknown) => e);
    expect((error as FetchError).message).toBe(PRIVATE_ADDRESS);
    expect(PRIVATE_ADDRESS).toMatch(/FETCH_ALLOWLIST/);
    expect(canaryHits).toBe(0);
  });

  it("classifies addresses", () => {
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1:248:1893:25c8:1946")).toBe(true);
    expect(isPublicAddress("2a00:1450:4001:82a::200e")).toBe(true);
    for (const address of ["127.0.0.1", "10.1.2.3", "::1", "::ffff:10.0.0.1", "fd12::1", "169.254.169.254", "100.64.1.1", "0.0.0.0", "::127.0.0.1", "::a00:1", "::a9fe:a9fe", "::5db8:d822", "100::1", "4000::1", "2001:db8::1", "2002:7f00:1::"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
