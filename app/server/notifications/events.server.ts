import type { Redis } from "ioredis";
import type { PublicArtifact } from "~/lib/artifacts";
import type { PublicBulkOperation } from "~/lib/bulk";
import type { PublicImport } from "~/lib/imports";
import type { PublicLink } from "~/lib/links";
import { createRedis, redis, whenReady } from "../platform/redis.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { metrics } from "../platform/metrics.server";
import { dropSingleton, singleton } from "../platform/singleton.server";

/** What the browser hears on GET /api/events. */
export type UserEvent =
  | { type: "link"; link: PublicLink }
  | { type: "link-deleted"; id: string }
  | { type: "link-restored"; link: PublicLink }
  | { type: "artifact"; linkId: string; artifact: PublicArtifact }
  /** An import's progress: parsed, saved, duplicates, enriched, failed. */
  | { type: "import"; import: PublicImport }
  /** A bulk action's progress: done, failed, skipped of total. */
  | { type: "bulk"; bulk: PublicBulkOperation }
  | { type: "notification"; unreadCount: number }
  /** Every session of the user ended (deactivated or deleted): open streams close. */
  | { type: "session-ended" };

function channel(userId: string) {
  return `${env().REDIS_PREFIX}:events:user:${userId}`;
}

/** Tells every web process (and so every open tab) of the user; never fails the caller. */
export async function publishUserEvent(userId: string, event: UserEvent): Promise<void> {
  await whenReady(redis())
    .then((client) => client.publish(channel(userId), JSON.stringify(event)))
    .catch((error: unknown) => log.warn("event publish failed", { userId, error }));
}

type Listener = (event: UserEvent) => void;

interface Hub {
  subscriber: Redis;
  listeners: Map<string, Set<Listener>>;
  closers: Set<() => void>;
}

const HUB_SINGLETON = "events";

/** One pattern subscription per web process, fanned out to the open streams in memory. */
function hub(): Hub {
  return singleton(HUB_SINGLETON, () => {
    const subscriber = createRedis("worker");
    const listeners = new Map<string, Set<Listener>>();
    const prefix = `${env().REDIS_PREFIX}:events:user:`;
    subscriber.psubscribe(`${prefix}*`).catch((error: unknown) => log.warn("event subscribe failed", { error }));
    subscriber.on("pmessage", (_pattern, name, message) => {
      const set = listeners.get(name.slice(prefix.length));
      if (!set) return;
      try {
        const event = JSON.parse(message) as UserEvent;
        set.forEach((listener) => listener(event));
      } catch {
        // A malformed message is dropped; the client's polling fallback still catches up.
      }
    });
    return { subscriber, listeners, closers: new Set() };
  });
}

/** `onShutdown` ends the stream when the server stops, so open streams do not hold it up. */
export function subscribeUserEvents(userId: string, listener: Listener, onShutdown: () => void): () => void {
  const { listeners, closers } = hub();
  const set = listeners.get(userId) ?? new Set();
  set.add(listener);
  listeners.set(userId, set);
  closers.add(onShutdown);
  return () => {
    set.delete(listener);
    closers.delete(onShutdown);
    if (set.size === 0) listeners.delete(userId);
  };
}

export async function closeEvents(): Promise<void> {
  const events = dropSingleton<Hub>(HUB_SINGLETON);
  events?.closers.forEach((close) => close());
  events?.subscriber.disconnect();
}

const KEEPALIVE_MS = 25_000;

/**
 * The user's events as a server-sent-events response, open until `signal` aborts (the client
 * left) or the server shuts down.
 */
export function userEventStream(userId: string, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      const unsubscribe = subscribeUserEvents(
        userId,
        (event) => {
          send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
          // The stream was authorised once, when it opened; it must not outlive the sessions.
          if (event.type === "session-ended") close();
        },
        close,
      );
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      metrics().eventStreams.inc();
      let open = true;
      cleanup = () => {
        clearInterval(keepalive);
        unsubscribe();
        // Reached from the client leaving, the server stopping and a failed write alike: count once.
        if (open) metrics().eventStreams.dec();
        open = false;
      };
      if (signal.aborted) close();
      else signal.addEventListener("abort", close);
      // Tells the client how long to wait before reconnecting, and that the stream is open.
      send("retry: 3000\n: connected\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps compression from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
