import { UnrecoverableError } from "bullmq";
import { describe, expect, it } from "vitest";
import { FetchError } from "../fetching/fetcher.server";
import { LlmRateLimitError } from "../enrichment/openai/llm.server";
import { PermanentJobError, isTransientError, postponementOf, settleJobFailure } from "./failures.server";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isTransientError", () => {
  it("retries lost connections, timeouts and a restarting database", () => {
    for (const error of [
      withCode("ECONNREFUSED"),
      withCode("ECONNRESET"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006"),
      withCode("40P01", "deadlock detected"),
      withCode("53300", "too many connections"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection is closed."),
      new FetchError("The page took longer than 15 s", false),
    ]) {
      expect(isTransientError(error), String(error)).toBe(true);
    }
  });

  it("does not retry what fails the same way every time", () => {
    for (const error of [
      withCode("22021", "invalid byte sequence for encoding \"UTF8\": 0x00"),
      withCode("22P02", "invalid input syntax for type uuid"),
      withCode("23505", "duplicate key value violates unique constraint"),
      new TypeError("Cannot read properties of undefined"),
      new RangeError("Maximum call stack size exceeded"),
      new FetchError("The page answered 404 Not Found", true),
      "a string",
      null,
    ]) {
      expect(isTransientError(error), String(error)).toBe(false);
    }
  });
});

describe("settleJobFailure", () => {
  async function settle(error: unknown, finalAttempt = false) {
    const recorded: string[] = [];
    const thrown = await settleJobFailure(error, {
      finalAttempt,
      fallbackReason: "Failed on our side",
      record: async (reason) => void recorded.push(reason),
      context: {},
    }).catch((e: unknown) => e);
    return { recorded, thrown };
  }

  it("fails a bug at once with the generic reason, never its raw message", async () => {
    const { recorded, thrown } = await settle(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(recorded).toEqual(["Failed on our side"]);
    expect(thrown).toBeInstanceOf(PermanentJobError);
    expect(thrown).toBeInstanceOf(UnrecoverableError);
    expect((thrown as Error).message).toBe("Failed on our side");
  });

  it("keeps the stack of the error behind a permanent failure, for operators", async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    const { thrown } = await settle(bug);
    expect((thrown as Error).stack).toContain(`Caused by: ${bug.stack}`);
  });

  it("shows a readable failure's own reason", async () => {
    const { recorded, thrown } = await settle(new FetchError("The page answered 404 Not Found", true, "http-status"));
    expect(recorded).toEqual(["The page answered 404 Not Found"]);
    expect(thrown).toBeInstanceOf(PermanentJobError);
  });

  it("retries what may pass later, and records it only on the final attempt", async () => {
    const timeout = new FetchError("The page took longer than 15 s", false, "timeout");
    const early = await settle(timeout);
    expect(early.recorded).toEqual([]);
    expect(early.thrown).toBe(timeout);
    const last = await settle(timeout, true);
    expect(last.recorded).toEqual(["The page took longer than 15 s"]);
    expect(last.thrown).toBe(timeout);
  });

  it("leaves the item alone while the database is out", async () => {
    const outage = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
    const { recorded, thrown } = await settle(outage, true);
    expect(recorded).toEqual([]);
    expect(thrown).toBe(outage);
  });

  it("leaves the item alone when the model asks us to slow down, even on the final attempt", async () => {
    const busy = new LlmRateLimitError(3_000);
    const { recorded, thrown } = await settle(busy, true);
    expect(recorded).toEqual([]);
    expect(thrown).toBe(busy);
    expect(postponementOf(thrown)).toBe(3_000);
  });

  it("keeps what caused a permanent failure", async () => {
    const refused = new FetchError("That address is not allowed", true, "blocked");
    const { thrown } = await settle(refused);
    expect((thrown as Error).cause).toBe(refused);
  });
});

describe("postponementOf", () => {
  it("is the wait an error asks for, and undefined for any other error", () => {
    expect(postponementOf(new LlmRateLimitError(1_500))).toBe(1_500);
    expect(postponementOf(new FetchError("The page answered 429 Too Many Requests", false, "http-status"))).toBeUndefined();
    expect(postponementOf(new Error("x"))).toBeUndefined();
    expect(postponementOf(null)).toBeUndefined();
  });
});
