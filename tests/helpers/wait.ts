import { setTimeout as sleep } from "node:timers/promises";

/**
 * Waits until `probe` gives a value (not undefined) and returns it. A probe that throws counts as
 * "not yet": during an outage a query fails until the server is back.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(everyMs);
  }
}
