import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { log } from "../platform/logger.server";
import { checkMetricsAccess, renderMetrics } from "../platform/metrics.server";

export interface Liveness {
  ok: boolean;
  /** Short facts for whoever reads the probe's answer; nothing secret. */
  details: Record<string, unknown>;
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/**
 * A process's own small HTTP server for operators (the worker has no web server): GET /metrics
 * for Prometheus, guarded like the web server's (METRICS_TOKEN, else loopback only), and GET
 * /healthz for an orchestrator's liveness probe, 200 or 503. The probe answers anyone who can
 * reach the port (a kubelet calls from the node's address): it tells only whether the process
 * is well.
 */
export async function startOpsServer(options: { host: string; port: number; token?: string; liveness: () => Liveness }): Promise<OpsServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return json(res, 405, { message: "Only GET is answered here." });
    }
    if (path === "/healthz") {
      const { ok, details } = options.liveness();
      return json(res, ok ? 200 : 503, { status: ok ? "ok" : "unhealthy", ...details });
    }
    if (path === "/metrics") {
      const access = checkMetricsAccess({ authorization: req.headers.authorization, address: req.socket.remoteAddress }, options.token);
      if (!access.ok) {
        if (access.status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        return json(res, access.status, { message: access.message });
      }
      const { contentType, body } = await renderMetrics();
      res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
      return res.end(body);
    }
    return json(res, 404, { message: "Not found: this port serves /metrics and /healthz." });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.warn("ops server: request failed", { path: req.url, error });
      if (!res.headersSent) json(res, 500, { message: "Could not answer." });
      else res.destroy();
    });
  });
  // Probes and scrapes are short: no idle keep-alive sockets to hold up shutdown.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
