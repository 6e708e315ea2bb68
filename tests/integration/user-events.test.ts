import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { publishUserEvent, type UserEvent } from "~/server/notifications/events.server";
import { metrics } from "~/server/platform/metrics.server";
import { registerThroughApi, webServerForFile } from "../helpers/web-server";

const web = webServerForFile();
const api = web.api;

const user = () => registerThroughApi(api, "events");

/** Opens GET /api/events and collects what arrives. */
async function openStream(token: string) {
  const abort = new AbortController();
  const response = await fetch(`${web.baseUrl}/api/events`, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
  let text = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  })().catch(() => undefined);
  return { response, received: () => text, close: () => (abort.abort(), reading) };
}

/** Runs `step` until `done` holds; `step` is repeated because a subscription is not live the instant the stream opens. */
async function until(done: () => boolean, step: () => Promise<unknown> = async () => undefined, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await step();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("GET /api/events", () => {
  it("asks for a session", async () => {
    const response = await api("GET", "/api/events");
    expect(response.status).toBe(401);
  });

  it("streams the user's own events as server-sent events, and no one else's", async () => {
    const [me, other] = [await user(), await user()];
    const stream = await openStream(me.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
      await until(() => stream.received().length > 0);
      expect(stream.received().startsWith("retry: 3000\n: connected\n\n")).toBe(true);

      // The other user's event goes first each round, so it would arrive first if it leaked.
      await until(
        () => stream.received().includes("event: notification"),
        async () => {
          await publishUserEvent(other.id, { type: "link-deleted", id: "not-yours" });
          await publishUserEvent(me.id, { type: "notification", unreadCount: 7 });
        },
      );
      expect(stream.received()).toContain('event: notification\ndata: {"type":"notification","unreadCount":7}\n\n');
      expect(stream.received()).not.toContain("not-yours");
    } finally {
      await stream.close();
    }
  });

  it("drops a client that stops reading once its backlog passes the cap, instead of buffering without end", async () => {
    const me = await user();
    const openStreams = async () => (await metrics().eventStreams.get()).values[0]?.value ?? 0;
    const before = await openStreams();
    // A client that sends its request, reads the first bytes, then never reads again.
    const socket = connect(Number(new URL(web.baseUrl).port), "127.0.0.1");
    socket.setNoDelay(true);
    let head = "";
    await new Promise<void>((resolve, reject) => {
      socket.on("error", () => undefined);
      socket.once("connect", () => socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${me.token}\r\n\r\n`));
      socket.on("data", (chunk: Buffer) => {
        head += chunk.toString();
        if (head.includes(": connected")) {
          socket.pause();
          resolve();
        }
      });
      setTimeout(() => reject(new Error("no stream")), 10_000);
    });
    expect(await openStreams()).toBe(before + 1);
    // 64 events of 256 KB, 16 MB, beyond what the sockets' buffers hold, to a reader that stopped.
    const big = { type: "link-deleted", id: "x".repeat(256 * 1024) } as UserEvent;
    for (let i = 0; i < 64; i++) await publishUserEvent(me.id, big);
    // The server ends that stream on its own (the browser's EventSource reconnects and catches up).
    const deadline = Date.now() + 15_000;
    let after = await openStreams();
    while (after !== before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await openStreams();
    }
    socket.destroy();
    expect(after).toBe(before);
  });
});
