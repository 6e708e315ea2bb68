import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_AFTER_MS, retryAfterMs } from "./llm.server";

const headers = (entries: Record<string, string>) => new Headers(entries);

describe("retryAfterMs", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");

  it("reads Retry-After as seconds or as an HTTP date, and retry-after-ms first", () => {
    expect(retryAfterMs(headers({ "retry-after": "7" }), now)).toBe(7_000);
    expect(retryAfterMs(headers({ "retry-after": "1.5" }), now)).toBe(1_500);
    expect(retryAfterMs(headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
    expect(retryAfterMs(headers({ "retry-after-ms": "2500", "retry-after": "60" }), now)).toBe(2_500);
  });

  it("waits a default without the header, or with one it cannot read", () => {
    expect(retryAfterMs(undefined, now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfterMs(headers({}), now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfterMs(headers({ "retry-after": "soon" }), now)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it("keeps the wait between one second and ten minutes", () => {
    expect(retryAfterMs(headers({ "retry-after": "0" }), now)).toBe(1_000);
    expect(retryAfterMs(headers({ "retry-after": "Wed, 31 Dec 2025 23:00:00 GMT" }), now)).toBe(1_000);
    expect(retryAfterMs(headers({ "retry-after": "86400" }), now)).toBe(600_000);
  });
});
