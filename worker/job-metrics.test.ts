import { UnrecoverableError } from "bullmq";
import { describe, expect, it } from "vitest";
import { LlmError, LlmRateLimitError } from "~/server/enrichment/openai/llm.server";
import { FetchError } from "~/server/fetching/fetcher.server";
import { PageError } from "~/server/fetching/page-parser.server";
import { BrowserError } from "~/server/fetching/browser.server";
import { PermanentJobError } from "~/server/jobs/failures.server";
import { failureClass, isFinalFailure } from "./job-metrics";
import { InvalidPayloadError } from "~/server/jobs/queue.server";
import { PageTooThinError } from "~/server/enrichment/local/local-enricher.server";

describe("failureClass", () => {
  it("names a few fixed classes, never a message", () => {
    expect(failureClass(new FetchError("The page answered 404 Not Found", true, "http-status"))).toBe("fetch-http-status");
    expect(failureClass(new FetchError("The page took longer than 15 s", false, "timeout"))).toBe("fetch-timeout");
    expect(failureClass(new PageError("The page is too complex to read"))).toBe("page");
    // The user reads this one's own message (the page's doing), so the metric must not call it ours.
    expect(failureClass(new PageTooThinError("The page has too little text for a quiz of 5 questions"))).toBe("page");
    expect(failureClass(new BrowserError("The page crashed the browser"))).toBe("browser");
    expect(failureClass(new LlmError("The model took longer than 60 s", false))).toBe("model");
    expect(failureClass(new LlmRateLimitError(1_000))).toBe("model");
    expect(failureClass(new InvalidPayloadError("The job's payload is not valid: linkId: Invalid UUID"))).toBe("payload");
    expect(failureClass(new TypeError("Cannot read properties of undefined"))).toBe("ours");
    expect(failureClass("a string")).toBe("ours");
    expect(failureClass(undefined)).toBe("ours");
  });

  it("looks through a permanent failure to what caused it", () => {
    const failure = new PermanentJobError("That address is not allowed");
    failure.cause = new FetchError("That address is not allowed", true, "blocked");
    expect(failureClass(failure)).toBe("fetch-blocked");
    expect(failureClass(new PermanentJobError("Enrichment failed on our side"))).toBe("ours");
  });
});

describe("isFinalFailure", () => {
  const job = (attemptsMade: number, attempts?: number) => ({ attemptsMade, opts: { attempts } });

  it("is final on the last attempt, or at once for an unrecoverable error", () => {
    expect(isFinalFailure(job(0, 3), new Error("x"))).toBe(false);
    expect(isFinalFailure(job(1, 3), new Error("x"))).toBe(false);
    expect(isFinalFailure(job(2, 3), new Error("x"))).toBe(true);
    expect(isFinalFailure(job(0), new Error("x"))).toBe(true);
    expect(isFinalFailure(job(0, 3), new PermanentJobError("gone"))).toBe(true);
    expect(isFinalFailure(job(0, 3), new UnrecoverableError("gone"))).toBe(true);
  });
});
