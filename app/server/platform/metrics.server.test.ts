import { describe, expect, it } from "vitest";
import { checkMetricsAccess, isLoopback, metrics, renderMetrics } from "./metrics.server";

describe("isLoopback", () => {
  it("knows IPv4 and IPv6 loopback, IPv4 on a dual-stack socket included", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(address), address).toBe(true);
  });

  it("refuses every other address, and what is not an address", () => {
    for (const address of ["10.0.0.1", "192.168.1.2", "203.0.113.7", "::ffff:10.0.0.1", "fe80::1", "2001:db8::1", "localhost", "", undefined]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});

describe("checkMetricsAccess", () => {
  const token = "a-metrics-token-of-some-length";

  it("without a token, answers loopback callers only, with 403 for the rest", () => {
    expect(checkMetricsAccess({ address: "127.0.0.1" }, undefined)).toEqual({ ok: true });
    expect(checkMetricsAccess({ address: "::1", authorization: "Bearer anything" }, undefined)).toEqual({ ok: true });
    expect(checkMetricsAccess({ address: "203.0.113.7" }, undefined)).toMatchObject({ ok: false, status: 403 });
    expect(checkMetricsAccess({ address: undefined }, undefined)).toMatchObject({ ok: false, status: 403 });
  });

  it("with a token, wants it as a bearer token from everyone, loopback included", () => {
    expect(checkMetricsAccess({ address: "203.0.113.7", authorization: `Bearer ${token}` }, token)).toEqual({ ok: true });
    expect(checkMetricsAccess({ address: "127.0.0.1", authorization: `bearer ${token}` }, token)).toEqual({ ok: true });
    for (const authorization of [undefined, "", token, `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, "Bearer "]) {
      expect(checkMetricsAccess({ address: "127.0.0.1", authorization }, token), String(authorization)).toMatchObject({ ok: false, status: 401 });
    }
  });
});

describe("metrics()", () => {
  it("registers every series once, however often it is asked for", async () => {
    expect(metrics()).toBe(metrics());
    const { body, contentType } = await renderMetrics();
    expect(contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    for (const name of [
      "linkwise_http_request_duration_seconds",
      "linkwise_event_streams_open",
      "linkwise_job_duration_seconds",
      "linkwise_job_failures_total",
      "linkwise_fetch_duration_seconds",
      "linkwise_fetch_bytes",
      "linkwise_model_calls_total",
      "linkwise_model_tokens_total",
      "linkwise_queue_jobs",
      "process_cpu_user_seconds_total",
    ]) {
      expect(body.match(new RegExp(`^# TYPE ${name} `, "gm")), name).toHaveLength(1);
    }
  });
});
