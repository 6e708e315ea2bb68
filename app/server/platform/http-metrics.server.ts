import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticDataRouteObject } from "@remix-run/router";
import type { RequestHandler } from "express";
import { checkMetricsAccess, metrics, renderMetrics } from "./metrics.server";

/** Request durations are labelled with these methods; anything else is "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A request answered before it reached Remix: a file from public/, or a refusal (405, 413, 415, 403). */
export const STATIC_ROUTE = "(static)";
export const REFUSED_ROUTE = "(refused)";
export const UNMATCHED_ROUTE = "(unmatched)";

type ManifestRoute = ServerBuild["routes"][string];

function routeTree(routes: ManifestRoute[], parentId: string | undefined): AgnosticDataRouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) },
    );
}

/**
 * The pattern a path matches, as the Remix route id (`routes/api.links.$id.retry`): a label
 * with one value per route file however many links, users and tokens there are. The same
 * matching Remix does; the tree is made once per build.
 */
export function routeMatcher(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  const tree = routeTree(Object.values(build.routes), undefined);
  return (pathname) => matchRoutes(tree, pathname)?.at(-1)?.route.id ?? UNMATCHED_ROUTE;
}

/**
 * Times every request by method, route and status. The route is what the Remix handler put
 * in `res.locals.metricsRoute`; what never reached Remix is static or refused. Event streams
 * are left out: they last as long as the tab stays open, and the open-streams gauge counts them.
 */
export function timeRequests(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      if (String(res.getHeader("content-type") ?? "").startsWith("text/event-stream")) return;
      const method = METHODS.has(req.method) ? req.method : "other";
      const route =
        (res.locals.metricsRoute as string | undefined) ?? ((method === "GET" || method === "HEAD") && res.statusCode < 400 ? STATIC_ROUTE : REFUSED_ROUTE);
      metrics().httpDuration.observe({ method, route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
    });
    next();
  };
}

/** GET /metrics for Prometheus, guarded by METRICS_TOKEN or, without one, for loopback callers only. */
export function serveMetrics({ token, trustProxy }: { token?: string; trustProxy: boolean }): RequestHandler {
  return async (req, res, next) => {
    // Behind a trusted proxy the socket is the proxy's: ask who the proxy says called.
    const address = trustProxy ? req.ip : req.socket.remoteAddress;
    const access = checkMetricsAccess({ authorization: req.headers.authorization, address }, token);
    res.setHeader("Cache-Control", "no-store");
    if (!access.ok) {
      if (access.status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(access.status).json({ message: access.message });
      return;
    }
    try {
      const { contentType, body } = await renderMetrics();
      // end(), not send(): send() would rewrite the content type's parameters.
      res.setHeader("Content-Type", contentType);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
