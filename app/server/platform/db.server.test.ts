import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./db.server";

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailable", () => {
  it("recognises a Postgres that is down, restarting or unreachable", () => {
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    // localhost resolves to two addresses; Node reports both refusals at once.
    expect(isDatabaseUnavailable(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]))).toBe(true);
  });

  it("leaves real query errors and everything else alone", () => {
    expect(isDatabaseUnavailable(withCode("duplicate key value violates unique constraint", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', "42601"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Link not found"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("reads the SQLSTATE and the constraint's name, not the message", () => {
    const duplicate = Object.assign(withCode("duplicate key value violates unique constraint", "23505"), { constraint: "users_email_key" });
    expect(isUniqueViolation(duplicate, "users_email_key")).toBe(true);
    expect(isUniqueViolation(duplicate, "links_user_id_url_key")).toBe(false);
    // A message that merely mentions the constraint is not a violation of it.
    expect(isUniqueViolation(new Error("users_email_key"), "users_email_key")).toBe(false);
    expect(isUniqueViolation(undefined, "users_email_key")).toBe(false);
  });
});
