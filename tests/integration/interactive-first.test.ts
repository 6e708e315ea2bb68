import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HOLD_MS, MAX_YIELD_MS, asInteractive, yieldToInteractive } from "~/server/fetching/interactive-first.server";
import { env } from "~/server/platform/env.server";
import { redis, whenReady } from "~/server/platform/redis.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("links added by hand go before background work", () => {
  it("a background step waits while a person's link is in flight, and goes on as soon as it is done", async () => {
    const release = deferred();
    const started = deferred();
    const person = asInteractive(randomUUID(), async () => {
      started.resolve();
      await release.promise;
      return "enriched";
    });
    await started.promise;
    // An interactive step never waits, even while another person's link is in flight.
    expect(await yieldToInteractive("interactive")).toBe(0);
    let yielded: number | undefined;
    const background = yieldToInteractive("background").then((ms) => (yielded = ms));
    // Still waiting once several checks have gone by.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(yielded).toBeUndefined();
    release.resolve();
    expect(await person).toBe("enriched");
    await background;
    expect(yielded).toBeGreaterThanOrEqual(150);
    expect(yielded).toBeLessThan(MAX_YIELD_MS);
    // Nothing in flight: background work does not wait at all.
    expect(await yieldToInteractive("background")).toBeLessThan(MAX_YIELD_MS / 2);
  });

  it("a hold left by a worker that died ends at its deadline, and no step waits longer than MAX_YIELD_MS", async () => {
    const client = await whenReady(redis());
    const key = `${env().REDIS_PREFIX}:interactive-links`;
    // A hold whose deadline has passed holds nobody.
    await client.zadd(key, Date.now() - 1, "gone");
    expect(await yieldToInteractive("background")).toBeLessThan(MAX_YIELD_MS / 2);
    // A hold far longer than HOLD_MS (never written by us) is still waited for at most MAX_YIELD_MS.
    await client.zadd(key, Date.now() + 10 * HOLD_MS, "stuck");
    // Past the moment a process shares its last answer for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waited = await yieldToInteractive("background");
    expect(waited).toBeGreaterThanOrEqual(MAX_YIELD_MS);
    // Not much past the cap (a busy machine may be late with the last check), never the hold's 30 s.
    expect(waited).toBeLessThan(MAX_YIELD_MS + 5_000);
    await client.zrem(key, "stuck", "gone");
  });

  it("a failing link releases its hold", async () => {
    await expect(asInteractive(randomUUID(), () => Promise.reject(new Error("page gone")))).rejects.toThrow("page gone");
    expect(await yieldToInteractive("background")).toBeLessThan(MAX_YIELD_MS / 2);
  });
});
