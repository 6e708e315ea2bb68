import { describe, expect, it } from "vitest";
import { FetchError } from "../fetching/fetcher.server";
import { isTransientError } from "./failures.server";

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
