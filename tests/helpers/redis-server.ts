import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { freePort } from "../../scripts/lib/free-port";

/**
 * A throwaway redis-server on a loopback port (a free one unless given), for tests that need to
 * stop Redis or configure it their own way (`args`: more command-line settings).
 */
export async function startRedisServer(port?: number, args: string[] = []) {
  port ??= await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...args], {
    stdio: "ignore",
  });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (i > 50) throw new Error(`redis-server did not start on ${port}: ${String(error)}`);
      await sleep(100);
    }
  }
  probe.disconnect();
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
