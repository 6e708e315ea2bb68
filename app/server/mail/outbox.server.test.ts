import { describe, expect, it } from "vitest";
import { OUTBOX_PATH, outboxPathFor, outboxScope } from "./outbox.server";

const user = { email: "someone@example.com", role: "FreeUser" as const };
const admin = { email: "admin@example.com", role: "Admin" as const };

describe("whose mail the dev outbox shows", () => {
  it("shows everything outside production, to anyone", () => {
    expect(outboxScope(null, { NODE_ENV: "development" })).toEqual({ to: undefined });
    expect(outboxScope(user, { NODE_ENV: "test", SMTP_URL: "smtp://mail.example.com" })).toEqual({ to: undefined });
  });

  it("in production shows admins everything and users their own mail while no SMTP server is set", () => {
    expect(outboxScope(admin, { NODE_ENV: "production" })).toEqual({ to: undefined });
    expect(outboxScope(user, { NODE_ENV: "production" })).toEqual({ to: "someone@example.com" });
  });

  it("in production with SMTP configured shows users nothing (their mail went out for real)", () => {
    expect(outboxScope(user, { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com" })).toBeNull();
    expect(outboxScope(admin, { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com" })).toEqual({ to: undefined });
  });
});

describe("where pages say the confirmation mail went", () => {
  it("names the dev outbox only while no SMTP server is configured", () => {
    expect(outboxPathFor({ SMTP_URL: undefined })).toBe(OUTBOX_PATH);
    expect(outboxPathFor({ SMTP_URL: "smtp://mail.example.com" })).toBeNull();
  });
});
