import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { handleJson } from "./http.server";
import { whenReady } from "./redis.server";

describe("handleJson", () => {
  it("answers 503 with Retry-After, not 500, when Redis does not answer", async () => {
    const unreachable = new Redis({ lazyConnect: true });
    const response = await handleJson(async () => {
      await whenReady(unreachable, 10);
      return Response.json({});
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await response.json()).message).toMatch(/queue .*not reachable/i);
    unreachable.disconnect();
  });
});
