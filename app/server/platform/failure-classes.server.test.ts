import { describe, expect, it } from "vitest";
import {
  BrowserError,
  FAILURE_CLASSES,
  FetchError,
  InvalidPayloadError,
  LlmError,
  LlmRateLimitError,
  PageError,
  PageTooThinError,
  classifyFailure,
  isPermanentFailure,
  isReadableFailure,
  metricClassOf,
  postponementOf,
} from "./failure-classes.server";

/** One error of each row, as the code throws them. */
const samples: Error[] = [
  new LlmRateLimitError(2_000),
  new LlmError("The model took longer than 60 s", false),
  new FetchError("The page answered 404 Not Found", true, "http-status"),
  new PageError("The page is empty"),
  new PageTooThinError("The page has too little text for a quiz of 5 questions"),
  new BrowserError("The page crashed the browser"),
  new InvalidPayloadError("The job's payload is not valid: linkId: Invalid UUID"),
];

describe("the failure table", () => {
  it("has one row per error class, each reached by its own errors (no base class shadows a subclass)", () => {
    expect(samples.map((error) => classifyFailure(error).failure)).toEqual(FAILURE_CLASSES);
  });

  it("never counts as ours what the user is told is not ours", () => {
    for (const error of samples) {
      if (isReadableFailure(error)) expect(metricClassOf(error), error.name).not.toBe("ours");
    }
    expect(metricClassOf(new PageTooThinError("The page has too little text for a course of 3 lessons"))).toBe("page");
  });

  it("postpones only what asks to come back later, and never fails it for good", () => {
    for (const error of samples) {
      const postponed = postponementOf(error) !== undefined;
      expect(postponed, error.name).toBe(error instanceof LlmRateLimitError);
      if (postponed) expect(isPermanentFailure(error)).toBe(false);
    }
    expect(postponementOf(new LlmRateLimitError(1_500))).toBe(1_500);
  });

  it("fails at once what reads the same text again, and lets the others say", () => {
    expect(isPermanentFailure(new PageError("The page is empty"))).toBe(true);
    expect(isPermanentFailure(new PageTooThinError("too thin"))).toBe(true);
    expect(isPermanentFailure(new FetchError("The page took longer than 15 s", false, "timeout"))).toBe(false);
    expect(isPermanentFailure(new FetchError("The page answered 404 Not Found", true, "http-status"))).toBe(true);
    expect(isPermanentFailure(new BrowserError("The page crashed the browser"))).toBe(false);
    expect(isPermanentFailure(new TypeError("Cannot read properties of undefined"))).toBeUndefined();
  });

  it("classifies a failure by the cause it wraps, and anything unknown as ours", () => {
    const wrapped = Object.assign(new Error("That address is not allowed"), { cause: new FetchError("That address is not allowed", true, "blocked") });
    expect(metricClassOf(wrapped)).toBe("fetch-blocked");
    expect(metricClassOf(new TypeError("x"))).toBe("ours");
    expect(isReadableFailure(new TypeError("x"))).toBe(false);
    expect(isReadableFailure(new InvalidPayloadError("x"))).toBe(false);
  });
});
