import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Why nothing of ours could listen on host:port right now ("is already in use..."), or null when it can. */
export function portProblem(port: number, host: string): Promise<string | null> {
  // Port 0 means "any free port": nothing to check.
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve("is already in use by another program");
      else if (error.code === "EACCES") resolve("needs more privileges than this user has (ports below 1024 do)");
      else resolve(`cannot be listened on (${error.message})`);
    });
    server.listen(port, host, () => server.close(() => resolve(null)));
  });
}

/**
 * `count` distinct free ports, found synchronously for config files that cannot await
 * (playwright.config.ts). All are held open at once so none is handed out twice.
 */
export function freePortsSync(count: number): number[] {
  const script = `
    const net = require("node:net");
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    let listening = 0;
    for (const server of servers) server.listen(0, "127.0.0.1", () => {
      if (++listening < servers.length) return;
      process.stdout.write(servers.map((s) => s.address().port).join(","));
      servers.forEach((s) => s.close());
    });`;
  const output = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
  return output.split(",").map(Number);
}
