import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { registerThroughApi, webServerForFile } from "../helpers/web-server";

// A library larger than a page: every link reachable through the cursor, statistics over all
// of them, and the Enrichments tab a page per request.
const web = webServerForFile();
const api = web.api;

const user = () => registerThroughApi(api, "library");

/** `count` links, newest last; every 10th failed, every 7th pending, the rest enriched; a quiz on every 5th. */
async function seed(userId: string, count: number) {
  const base = Date.now() - count * 60_000;
  const rows = Array.from({ length: count }, (_, i) => {
    const status = i % 10 === 0 ? "error" : i % 7 === 0 ? "pending" : "enriched";
    const url = `https://library.example/${userId}/${i}`;
    return {
      user_id: userId,
      url,
      normalized_url: url,
      status: status as "error" | "pending" | "enriched",
      title: `Page ${i}`,
      summary: status === "enriched" ? `Summary of page ${i}` : null,
      error: status === "error" ? "The page answered 404 Not Found" : null,
      // Two links share each second: the id breaks the tie.
      saved_at: new Date(base + Math.floor(i / 2) * 1000),
    };
  });
  const inserted = await db().insertInto("links").values(rows).returning(["id", "status", "url", "saved_at"]).execute();
  const quizzes = inserted.filter((l, i) => l.status === "enriched" && i % 5 === 0);
  await db()
    .insertInto("link_artifacts")
    .values(quizzes.map((l) => ({ link_id: l.id, user_id: userId, kind: "quiz" as const, variant: "", status: "ready" as const, payload: JSON.stringify({ questions: [] }), engine: "local/test" })))
    .execute();
  return { inserted, quizzes: new Set(quizzes.map((q) => q.id)) };
}

describe("a library that grows", () => {
  it("reaches every link a page at a time and counts statistics over all of them", async () => {
    const alice = await user();
    const bob = await user();
    const { inserted } = await seed(alice.id, 130);
    await seed(bob.id, 12);

    const expected = { total: 130, enriched: inserted.filter((l) => l.status === "enriched").length, pending: inserted.filter((l) => l.status === "pending").length, failed: 13, unenriched: 0, unread: 130, read: 0, archived: 0 };
    expect((await api("GET", "/api/links/stats", { token: alice.token })).body).toEqual(expected);
    expect((await api("GET", "/api/links/stats")).status).toBe(401);

    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await api<Array<{ id: string; savedAt: string }>>("GET", `/api/links?limit=50${before ? `&before=${before}` : ""}`, { token: alice.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((l) => l.id));
      if (res.body.length < 50) break;
      before = res.body[res.body.length - 1]!.id;
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    // Newest save first, ties (two links a second) by id: the order a cursor can resume.
    const order = [...inserted].sort((a, b) => b.saved_at.getTime() - a.saved_at.getTime() || (a.id < b.id ? 1 : -1));
    expect(seen).toEqual(order.map((l) => l.id));
  });

  it("pages the Enrichments tab: enriched links only, with which results exist but not the results", async () => {
    const alice = await user();
    const { inserted, quizzes } = await seed(alice.id, 60);
    const enriched = inserted.filter((l) => l.status === "enriched");
    type Item = { link: { id: string; status: string; summary: string | null }; artifacts: Array<Record<string, unknown>> };

    const first = await api<Item[]>("GET", "/api/links/enrichments?limit=20", { token: alice.token });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    const all = [...first.body];
    let before = first.body[19]!.link.id;
    for (;;) {
      const next = await api<Item[]>("GET", `/api/links/enrichments?limit=20&before=${before}`, { token: alice.token });
      all.push(...next.body);
      if (next.body.length < 20) break;
      before = next.body[19]!.link.id;
    }
    expect(all.map((i) => i.link.id).sort()).toEqual(enriched.map((l) => l.id).sort());
    expect(all.every((i) => i.link.status === "enriched" && i.link.summary?.startsWith("Summary of"))).toBe(true);
    const withQuiz = all.filter((i) => i.artifacts.length > 0);
    expect(new Set(withQuiz.map((i) => i.link.id))).toEqual(quizzes);
    expect(withQuiz[0]!.artifacts[0]).toMatchObject({ kind: "quiz", status: "ready" });
    expect(withQuiz[0]!.artifacts[0]).not.toHaveProperty("result");

    // Bad input is a 400 with a message; another user's cursor is not one of yours.
    const bob = await user();
    expect((await api("GET", "/api/links/enrichments?limit=500", { token: alice.token })).status).toBe(400);
    expect((await api("GET", "/api/links/enrichments?before=nope", { token: alice.token })).status).toBe(400);
    const foreign = await api<{ message: string }>("GET", `/api/links/enrichments?before=${before}`, { token: bob.token });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/before/);
    expect((await api("GET", "/api/links/enrichments")).status).toBe(401);
  });
});
