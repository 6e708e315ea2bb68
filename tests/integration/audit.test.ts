import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { auditPage, recordAudit } from "~/server/audit/audit.server";
import { registerUser } from "~/server/accounts/accounts.server";
import { db } from "~/server/platform/db.server";

describe("the audit trail", () => {
  it("records a sign-up in the same transaction as the account", async () => {
    const user = await registerUser({ email: "audited@example.com", password: "secret12", ip: "203.0.113.9" });
    const { events } = await auditPage({ kind: "account" });
    const signUp = events.find((event) => event.target?.id === user.id);
    expect(signUp).toMatchObject({
      kind: "account",
      action: "account.signed-up",
      actor: { id: user.id, label: "audited@example.com" },
      target: { type: "user", id: user.id, label: "audited@example.com" },
      after: { role: "FreeUser" },
    });
  });

  it("pages newest first, filters by kind, and cannot be changed afterwards", async () => {
    for (let i = 1; i <= 5; i++) {
      await recordAudit({ kind: "flag", action: "flags.updated", actor: { id: crypto.randomUUID(), label: "admin@example.com" }, after: { n: i } });
    }
    const first = await auditPage({ kind: "flag", limit: 2 });
    expect(first.events.map((e) => e.after)).toEqual([{ n: 5 }, { n: 4 }]);
    const second = await auditPage({ kind: "flag", limit: 2, cursor: first.nextCursor! });
    expect(second.events.map((e) => e.after)).toEqual([{ n: 3 }, { n: 2 }]);
    const last = await auditPage({ kind: "flag", limit: 2, cursor: second.nextCursor! });
    expect(last.events.map((e) => e.after)).toEqual([{ n: 1 }]);
    expect(last.nextCursor).toBeNull();
    expect((await auditPage({ kind: "payment" })).events).toEqual([]);

    await expect(sql`update audit_events set action = 'forged'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(db())).rejects.toThrow(/append-only/);
  });
});
