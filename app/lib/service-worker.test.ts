import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

/** Runs public/sw.js (the file browsers get) against fake worker globals and a fake Cache Storage. */
function loadWorker(version = "build-1") {
  const listeners = new Map<string, (event: unknown) => void>();
  const stores = new Map<string, Map<string, Response>>();
  const caches = {
    open: vi.fn(async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return {
        match: async (request: Request) => store.get(request.url)?.clone(),
        put: async (request: Request, response: Response) => void store.set(request.url, response),
      };
    }),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const network = vi.fn(async (request: Request) => new Response(`network ${request.url}`, { status: 200 }));
  // A Response made here has type "default"; the browser's same-origin answers are "basic".
  const fetch = async (request: Request) => Object.defineProperty(await network(request), "type", { value: "basic" });
  const self = {
    location: new URL(`https://linkwise.test/sw.js?v=${version}`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn(async () => undefined) },
  };
  runInNewContext(readFileSync("public/sw.js", "utf8"), { self, caches, fetch, URL, Promise });

  /** Dispatches a fetch event: the worker's answer, or null when it left the request to the browser. */
  async function request(url: string, init: RequestInit = {}): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    listeners.get("fetch")!({ request: new Request(url, init), respondWith: (value: Promise<Response>) => (answer = value) });
    return answer;
  }
  async function activate() {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get("activate")!({ waitUntil: (value: Promise<unknown>) => (done = value) });
    await done;
  }
  return { request, activate, network, stores };
}

describe("the service worker", () => {
  it("never answers API requests, pages or other sites: the browser fetches them as usual", async () => {
    const worker = loadWorker();
    for (const url of [
      "https://linkwise.test/api/links",
      "https://linkwise.test/api/links/1/export.pdf",
      "https://linkwise.test/api/build/x.js",
      "https://linkwise.test/dashboard",
      "https://linkwise.test/",
      "https://linkwise.test/share/00000000-0000-4000-8000-000000000001",
      "https://linkwise.test/build/root.js?user=1",
      "https://cdn.example/build/root.js",
    ]) {
      expect(await worker.request(url), url).toBeNull();
    }
    expect(await worker.request("https://linkwise.test/build/root-ABC.js", { method: "POST" })).toBeNull();
    expect(worker.network).not.toHaveBeenCalled();
    expect([...worker.stores.values()].every((store) => store.size === 0)).toBe(true);
  });

  it("keeps build assets and icons in the cache of its own version", async () => {
    const worker = loadWorker("v7");
    const first = await worker.request("https://linkwise.test/build/root-ABC.js");
    expect(await first!.text()).toBe("network https://linkwise.test/build/root-ABC.js");
    const second = await worker.request("https://linkwise.test/build/root-ABC.js");
    expect(await second!.text()).toBe("network https://linkwise.test/build/root-ABC.js");
    expect(worker.network).toHaveBeenCalledTimes(1);
    await worker.request("https://linkwise.test/icons/icon-192.png");
    expect([...worker.stores.keys()]).toEqual(["linkwise-static-v7"]);
    expect([...worker.stores.get("linkwise-static-v7")!.keys()]).toEqual(["https://linkwise.test/build/root-ABC.js", "https://linkwise.test/icons/icon-192.png"]);
  });

  it("does not keep failed answers", async () => {
    const worker = loadWorker();
    worker.network.mockResolvedValueOnce(new Response("gone", { status: 404 }));
    expect((await worker.request("https://linkwise.test/build/missing.js"))!.status).toBe(404);
    expect(worker.stores.get("linkwise-static-build-1")!.size).toBe(0);
  });

  it("drops the caches of earlier versions when a new one activates", async () => {
    const worker = loadWorker("v2");
    worker.stores.set("linkwise-static-v1", new Map([["https://linkwise.test/build/old.js", new Response("old")]]));
    worker.stores.set("someone-else", new Map());
    await worker.request("https://linkwise.test/build/new.js");
    await worker.activate();
    expect([...worker.stores.keys()].sort()).toEqual(["linkwise-static-v2", "someone-else"]);
  });
});
