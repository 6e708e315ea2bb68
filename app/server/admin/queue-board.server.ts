import type { Application, RequestHandler } from "express";
import { getAuth } from "../accounts/auth.server";
import { getQueue, QUEUE_NAMES } from "../jobs/queue.server";

/** Where bull-board's raw per-job browser is mounted (Admin only). */
export const QUEUE_BOARD_PATH = "/admin/queues";

/**
 * Admins only, by the same session as the pages: no session goes to sign-in, any other role
 * gets 403 (its JSON calls) or the dashboard (its page).
 */
function adminOnly(): RequestHandler {
  return (req, res, next) => {
    const headers = new Headers();
    if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
    if (req.headers.authorization) headers.set("Authorization", req.headers.authorization);
    getAuth(new Request(`http://localhost${req.originalUrl}`, { headers }))
      .then((auth) => {
        const api = req.path.startsWith("/api/");
        if (!auth) {
          if (api) res.status(401).json({ message: "Sign in first." });
          else res.redirect(302, `/login?redirectTo=${encodeURIComponent(QUEUE_BOARD_PATH)}`);
        } else if (auth.user.role !== "Admin") {
          if (api) res.status(403).json({ message: "Only admins can see the queues." });
          else res.redirect(302, "/dashboard");
        } else next();
      })
      .catch(next);
  };
}

type Engine = (file: string, options: object, callback: (error: unknown, html?: string) => void) => void;

/**
 * bull-board's page asks Google Fonts for its typeface, which our CSP blocks (a console error on
 * every visit) and which would hand the operator's address to a third party if it did not. Its
 * options have no switch for that, so the page's tags that load from another origin are left out;
 * its own stylesheet falls back to the system's sans-serif.
 */
export function withoutThirdPartyResources(html: string): string {
  return html.replace(/<(?:link|script)\b[^>]*\b(?:href|src)\s*=\s*["']?(?:https?:)?\/\/[^>]*>(?:\s*<\/script>)?\s*/gi, "");
}

/** bull-board's Express app over every queue (its modules, about 1.2 MB with lodash and a second BullMQ, loaded here: decision 062). */
async function createBoard(): Promise<RequestHandler> {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import("@bull-board/api"),
    import("@bull-board/api/bullMQAdapter"),
    import("@bull-board/express"),
  ]);
  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: QUEUE_NAMES.map((name) => new BullMQAdapter(getQueue(name), { readOnlyMode: true })),
    serverAdapter: adapter,
    // The board is its own app: its header menu leads back to ours, or it is a dead end.
    options: { uiConfig: { boardTitle: "Linkwise queues", miscLinks: [{ text: "Back to the jobs console", url: "/admin/jobs" }] } },
  });
  const app = adapter.getRouter() as Application & { engines: Record<string, Engine> };
  // Its Express app renders the page with the ejs engine it registered: filter what that renders.
  const render = app.engines[".ejs"]!;
  app.engine("ejs", (file, options, callback) => render(file, options, (error, html) => callback(error, html === undefined ? html : withoutThirdPartyResources(html))));
  return app as unknown as RequestHandler;
}

/**
 * bull-board over every queue, read-only: it browses jobs, while every change (retry, remove,
 * promote, pause) goes through the jobs console, which audits it. Built on the first admin
 * request, so a web server that never serves it neither loads it nor opens a queue for it.
 */
export function queueBoard(): RequestHandler[] {
  let router: Promise<RequestHandler> | undefined;
  const board: RequestHandler = (req, res, next) => {
    // A failed load (a missing package) is tried again on the next request.
    router ??= createBoard().catch((error: unknown) => {
      router = undefined;
      throw error;
    });
    router.then((handle) => handle(req, res, next), next);
  };
  return [adminOnly(), board];
}
