import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { subscribeUserEvents } from "~/server/notifications/events.server";
import { handleJson } from "~/server/platform/http.server";

const KEEPALIVE_MS = 25_000;

/** GET /api/events → server-sent events for the signed-in user (link status changes). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
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
          user.id,
          (event) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
          close,
        );
        const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
        cleanup = () => {
          clearInterval(keepalive);
          unsubscribe();
        };
        request.signal.addEventListener("abort", close);
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
  });
