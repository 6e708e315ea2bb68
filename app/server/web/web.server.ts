import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, watch } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import morgan from "morgan";
import { closeDb, isDatabaseUnavailable } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import { IMPORT_MAX_BYTES } from "../../lib/imports";
import { CAPTURE_BODY_MAX_BYTES } from "../../lib/capture";
import { closeEvents } from "../notifications/events.server";
import { installFeatureFlagStore } from "../admin/feature-flags.server";
import { CLIENT_IP_HEADER, HttpError, unavailableResponse } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { closeQueues } from "../jobs/queue.server";
import { queueDepths } from "../jobs/queue-depth.server";
import { closeRedis } from "../platform/redis.server";
import { routeMatcher, serveMetrics, timeRequests } from "../platform/http-metrics.server";
import { QUEUE_BOARD_PATH, queueBoard } from "../admin/queue-board.server";
import { collectQueueDepthsWith } from "../platform/metrics.server";
import { TOKEN_RATE_LIMITED, takeTokenBudget } from "../platform/rate-limit.server";
import { API_TOKEN_PREFIX } from "~/lib/api-tokens";
import { MCP_PATH } from "~/lib/mcp";

declare module "@remix-run/node" {
  /** What every loader and action receives as `context`. */
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /**
     * Aborts when the client's connection closes. Long-lived answers (event streams) listen to
     * this, not to `request.signal`: the Request a loader gets follows the server's signal only
     * through a weak reference, so once collected its abort never came and the stream stayed open.
     */
    connectionClosed: AbortSignal;
  }
}

const BUILD_DIR = path.resolve("build");
const BUILD_PATH = path.join(BUILD_DIR, "index.js");

async function importBuild(): Promise<ServerBuild> {
  if (!existsSync(BUILD_PATH)) throw new Error(`No build at ${BUILD_PATH}: run \`npm run build\` first.`);
  // A query string defeats Node's module cache so dev rebuilds load fresh code.
  const url = `${pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`;
  return (await import(url)) as ServerBuild;
}

const IMPORT_UPLOAD_PATH = "/api/imports";
/** POST /api/links and its documented twin take a captured page (decision 069). */
const SAVE_LINK_PATHS = new Set(["/api/links", "/api/links/enrich"]);

/** The JSON API and the MCP endpoint (decision 066): machine answers, not pages or files. */
const isApiPath = (path: string) => path.startsWith("/api/") || path === MCP_PATH;

function parseBytes(limit: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!match) return 1024 * 1024;
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[match[2]!.toLowerCase() as "b" | "kb" | "mb"];
  return Number(match[1]) * unit;
}

/** Refuses bodies larger than the limit, whether announced by Content-Length or streamed. */
function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > maxBytes) {
      // The body stays unread, so the connection cannot be reused.
      res.setHeader("Connection", "close");
      res.status(413).json({ message: `The request body is larger than ${maxBytes} bytes.` });
      return;
    }
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes && !res.headersSent) {
        res.status(413).json({ message: `The request body is larger than ${maxBytes} bytes.` });
        req.destroy();
      }
    });
    next();
  };
}

const EVENTS_PATH = "/api/events";
/**
 * How far an event stream may run ahead of a client that stopped reading. Remix writes a
 * response's chunks without waiting for the socket, so without a cap a stalled tab would grow
 * the server's memory by every event its owner's imports send. Past it the stream is ended;
 * the browser's EventSource reconnects and catches up (use-live-links.ts).
 */
const EVENT_STREAM_MAX_BACKLOG_BYTES = 2 * 1024 * 1024;

function eventStreamBacklogCap(): RequestHandler {
  return (req, res, next) => {
    if (req.path !== EVENTS_PATH) return next();
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      const flushed = write(...args);
      if (res.writableLength > EVENT_STREAM_MAX_BACKLOG_BYTES && !res.destroyed) {
        log.warn("event stream ended: the client stopped reading", { requestId: res.locals.requestId, backlogBytes: res.writableLength });
        res.destroy();
      }
      return flushed;
    }) as typeof res.write;
    next();
  };
}

/** Our own header carrying the caller's address to Remix; a client-sent one is replaced. */
function clientIpHeader(): RequestHandler {
  return (req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  };
}

/** Remix's own test: a thrown redirect or answer (from any copy of the Fetch classes) passes through. */
function isResponse(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null;
  return candidate != null && typeof candidate.status === "number" && typeof candidate.statusText === "string" && typeof candidate.headers === "object" && typeof candidate.body !== "undefined";
}

/** What the error page says for a failure of ours; the request id beside it finds the log line. */
export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * Every loader and action, pages included, answers a lost database with a 503 (a page shows
 * its error boundary with that status) rather than a 500. JSON endpoints already do in
 * handleJson; this catches what reaches Remix, such as the root loader's session look-up.
 * An HttpError under 500 keeps its status and message (the error page shows it). Any other
 * failure is logged here with the request's id and answered as a 500 carrying that
 * id, which the error page shows, so a user's report leads to the log line.
 */
export function answerOutagesWith503(build: ServerBuild): ServerBuild {
  const guard =
    <A extends { context?: Partial<AppLoadContext> }, R>(route: string, run: (args: A) => R) =>
    async (args: A) => {
      try {
        return await run(args);
      } catch (error) {
        if (isResponse(error)) throw error;
        // A refusal meant for the user (no such link, not allowed) keeps its status and words.
        if (error instanceof HttpError && error.status < 500) {
          throw Response.json({ message: error.message, ...error.extra }, { status: error.status, headers: error.headers });
        }
        if (isDatabaseUnavailable(error)) throw unavailableResponse(error);
        const requestId = args.context?.requestId;
        log.error("page failed", { requestId, route, error, stack: error instanceof Error ? error.stack : undefined });
        throw Response.json({ message: SERVER_ERROR_MESSAGE, requestId }, { status: 500, headers: { "Cache-Control": "no-store" } });
      }
    };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module;
      const module = { ...route.module, loader: loader && guard(id, loader), action: action && guard(id, action) };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

const SITE_ICONS = new Set(["/favicon.ico", "/favicon.svg"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// What the app answers; the Fetch API behind Remix throws on TRACE and CONNECT (a 500 otherwise).
const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Any other method gets a JSON 405 before it reaches Remix. */
function knownMethodsOnly(): RequestHandler {
  return (req, res, next) => {
    if (KNOWN_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", KNOWN_METHODS.join(", "));
    res.status(405).json({ message: `The ${req.method.slice(0, 20)} method is not allowed here.` });
  };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Pages' actions read forms: a body of another type (JSON posted to /login) is a 415, not a 500. */
function formBodiesOnPages(): RequestHandler {
  return (req, res, next) => {
    if (isApiPath(req.path) || SAFE_METHODS.has(req.method)) return next();
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!hasBody || FORM_TYPES.includes(type)) return next();
    res.status(415).json({ message: "This page takes form submissions (application/x-www-form-urlencoded or multipart/form-data)." });
  };
}


/**
 * CSRF: a state-changing request that could ride on the session cookie must come from our
 * own pages. Browsers send Origin on every such request; a mismatch, or a cookie with no
 * Origin at all, is refused. Bearer-token requests carry no ambient credentials.
 */
export function sameOriginGuard(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.headers.authorization) return next();
    const origin = req.headers.origin;
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    const sameOrigin = origin === appOrigin || origin === ownOrigin;
    const hasSessionCookie = req.headers.cookie?.includes("__session=") ?? false;
    if (origin ? !sameOrigin : hasSessionCookie) {
      res.status(403).json({ message: "This request did not come from a Linkwise page, so it was refused." });
      return;
    }
    next();
  };
}

const PERSONAL_TOKEN = new RegExp(`^Bearer\\s+(${API_TOKEN_PREFIX}\\S+)$`, "i");

/**
 * The per-token budget of personal API tokens, taken here so that every answer to a token,
 * errors included, carries the RateLimit fields, and a refused request costs no database work.
 */
export function apiTokenRateLimit(): RequestHandler {
  return (req, res, next) => {
    const secret = PERSONAL_TOKEN.exec(req.headers.authorization ?? "")?.[1];
    if (!secret) return next();
    takeTokenBudget(secret).then((budget) => {
      for (const [name, value] of Object.entries(budget.headers)) res.setHeader(name, value);
      if (budget.allowed) return next();
      const seconds = Number(budget.headers["Retry-After"]);
      res.status(429).json({ message: `${TOKEN_RATE_LIMITED} Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.` });
    }, next);
  };
}

function securityHeaders(config: Env): RequestHandler {
  const dev = config.NODE_ENV === "development";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Site icons are served from our origin (/favicons/...): no visitor's browser asks a third party.
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: dev ? ["'self'", "ws:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.APP_URL.startsWith("https://"),
    crossOriginEmbedderPolicy: false,
    // Not helmet's "no-referrer": under it a plain form POST (before the page's JavaScript has
    // loaded, e.g. Pay on the test checkout) is sent with `Origin: null` and the same-origin
    // guard refuses it. "same-origin" keeps our origin on our own requests and still sends
    // nothing to other sites.
    referrerPolicy: { policy: "same-origin" },
  });
}

export interface WebServer {
  app: express.Express;
  listen(): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
}

export async function createWebServer(config: Env): Promise<WebServer> {
  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", true);

  // Before everything else: scrapes are neither logged nor timed, and need no page headers.
  collectQueueDepthsWith(queueDepths);
  app.get("/metrics", serveMetrics({ token: config.METRICS_TOKEN, trustProxy: config.TRUST_PROXY }));
  app.use(timeRequests());

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.locals.requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID();
    res.setHeader("X-Request-Id", res.locals.requestId);
    next();
  });
  app.use(securityHeaders(config));
  // JSON answers are small and event streams must not be buffered: compress pages and assets only
  // (API requests skip the middleware altogether, it wraps every response it sees).
  const compress = compression();
  app.use((req, res, next) => (isApiPath(req.path) ? next() : compress(req, res, next)));
  // Request lines are info-level logs: with LOG_LEVEL warn or error the logger is not mounted at all.
  if (config.LOG_LEVEL === "debug" || config.LOG_LEVEL === "info") {
    app.use(
      morgan(":method :url :status :res[content-length] - :response-time ms", {
        skip: (req) => req.url?.startsWith("/build/") === true,
        stream: { write: (line) => log.info(`http ${line.trim()}`) },
      }),
    );
  }

  app.use(knownMethodsOnly());
  // Before the body limits: those start the body flowing, and this one waits on Redis, so after
  // them the body would be gone before Remix listens for it.
  app.use(apiTokenRateLimit());
  // A bookmark file upload is the one large streamed body: it is read as a stream, never buffered whole.
  const uploadLimit = bodyLimit(IMPORT_MAX_BYTES);
  const defaultLimit = bodyLimit(parseBytes(config.BODY_LIMIT));
  // A save with the page the extension captured (decision 069) is the other: up to CAPTURE_BODY_MAX_BYTES.
  const captureLimit = bodyLimit(Math.max(CAPTURE_BODY_MAX_BYTES, parseBytes(config.BODY_LIMIT)));
  app.use((req, res, next) => {
    if (req.method !== "POST") return defaultLimit(req, res, next);
    if (req.path === IMPORT_UPLOAD_PATH) return uploadLimit(req, res, next);
    return (SAVE_LINK_PATHS.has(req.path) ? captureLimit : defaultLimit)(req, res, next);
  });
  app.use(formBodiesOnPages());
  app.use(clientIpHeader());
  app.use(sameOriginGuard(config.APP_URL));

  // Fingerprinted assets never change; everything else in public/ for an hour. API paths skip
  // the file look-ups altogether (a stat per request otherwise).
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // The site icons keep their names (browsers ask for /favicon.ico by that name) and rarely change.
  const siteIcons = express.static("public", { maxAge: "30d" });
  app.use((req, res, next) => (SITE_ICONS.has(req.path) ? siteIcons(req, res, next) : next()));
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (isApiPath(req.path) ? next() : publicFiles(req, res, next)));

  // bull-board's raw job browser, behind the Admin guard (decision 015).
  app.use(QUEUE_BOARD_PATH, ...queueBoard());

  const getLoadContext = (_req: express.Request, res: express.Response): AppLoadContext => {
    const connection = new AbortController();
    res.once("close", () => connection.abort());
    return { cspNonce: res.locals.cspNonce as string, requestId: res.locals.requestId as string, connectionClosed: connection.signal };
  };
  // Built once: the handler precomputes the route table (rebuilt after a dev rebuild), and so
  // does the matcher that names the route of each request for the metrics.
  const handlerFor = (build: ServerBuild): RequestHandler => {
    const remix = createRequestHandler({ build: answerOutagesWith503(build), mode: build.mode, getLoadContext });
    const routeOf = routeMatcher(build);
    return (req, res, next) => {
      res.locals.metricsRoute = routeOf(req.path);
      return remix(req, res, next);
    };
  };
  let handler = handlerFor(await importBuild());
  // Every gate of this process (and of the Remix build it serves) reads the saved flags.
  const closeFeatureFlags = installFeatureFlagStore();

  if (config.NODE_ENV === "development") {
    // `remix dev --manual` rewrites build/version.txt after each rebuild.
    watch(BUILD_DIR, async (_event, file) => {
      if (file !== "version.txt") return;
      const build = await importBuild();
      handler = handlerFor(build);
      await broadcastDevReady(build);
    });
    await broadcastDevReady(await importBuild());
  }
  app.use(eventStreamBacklogCap());
  app.all("*", (req, res, next) => handler(req, res, next));

  let server: Server | undefined;
  const sockets = new Set<Socket>();

  return {
    app,
    listen: () =>
      new Promise((resolve, reject) => {
        server = app.listen(config.PORT, config.HOST);
        server.on("connection", (socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        server.once("error", reject);
        server.once("listening", () => {
          const port = (server!.address() as AddressInfo).port;
          const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
          resolve({ url: `http://${host}:${port}`, port });
        });
      }),
    async close() {
      if (server) {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        // Event streams never finish on their own: end them so their connections can close.
        await closeEvents();
        server.closeIdleConnections();
        setTimeout(() => server?.closeIdleConnections(), 100).unref();
        // In-flight requests get until the timeout; then their sockets are cut.
        const timer = setTimeout(() => {
          log.warn("web shutdown timeout reached, closing open connections", { open: sockets.size });
          server?.closeAllConnections();
          sockets.forEach((socket) => socket.destroy());
        }, config.WEB_SHUTDOWN_TIMEOUT_MS);
        await closed;
        clearTimeout(timer);
      }
      await Promise.allSettled([closeEvents(), closeFeatureFlags(), closeQueues(), closeRedis(), closeDb()]);
    },
  };
}
