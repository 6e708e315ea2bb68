import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { registerThroughApi, webServerForFile } from "../helpers/web-server";

// The dashboard sidebar's calls (decision 051): tags with counts and their rename/merge, saved
// searches, and the remembered view. Bad input is a 4xx {message}, never a 500.
const web = webServerForFile();
const api = web.api;

const user = () => registerThroughApi(api, "sidebar");

async function link(userId: string, i: number, tags: { tags: string[]; user_tags?: string[]; dismissed_tags?: string[] }) {
  const url = `https://sidebar.example/${userId}/${i}`;
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "enriched", title: `Page ${i}`, tags: tags.tags, user_tags: tags.user_tags ?? [], dismissed_tags: tags.dismissed_tags ?? [] })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const tagsOf = (id: string) => db().selectFrom("links").select(["tags", "user_tags", "dismissed_tags"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("tags", () => {
  it("counts each tag over the user's live links only, and renames and merges without dropping any other", async () => {
    const alice = await user();
    const bob = await user();
    const a = await link(alice.id, 1, { tags: ["Reading", "js", "news"], user_tags: ["Reading"] });
    const b = await link(alice.id, 2, { tags: ["javascript", "js"], user_tags: ["javascript"] });
    const c = await link(alice.id, 3, { tags: ["Reading"], user_tags: ["Reading"] });
    const gone = await link(alice.id, 4, { tags: ["js"] });
    await db().updateTable("links").set({ deleted_at: new Date() }).where("id", "=", gone).execute();
    const bobs = await link(bob.id, 1, { tags: ["js"] });

    const counts = await api<Array<{ tag: string; count: number }>>("GET", "/api/tags", { token: alice.token });
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual([
      { tag: "js", count: 2 },
      { tag: "Reading", count: 2 },
      { tag: "javascript", count: 1 },
      { tag: "news", count: 1 },
    ]);

    // A saved search on the old name follows the rename; one on another tag does not.
    await api("POST", "/api/saved-searches", { token: alice.token, body: { name: "JS about react", query: "tag=js&q=react" } });
    await api("POST", "/api/saved-searches", { token: alice.token, body: { name: "News", query: "tag=news" } });

    // Merge js into javascript: b keeps one, a's js is renamed; the others stay; Bob's is not touched.
    const merged = await api("POST", "/api/tags/rename", { token: alice.token, body: { from: "JS", to: "javascript" } });
    expect(merged).toMatchObject({ status: 200, body: { links: 2 } });
    expect(await tagsOf(a)).toEqual({ tags: ["Reading", "javascript", "news"], user_tags: ["Reading", "javascript"], dismissed_tags: ["JS"] });
    expect(await tagsOf(b)).toEqual({ tags: ["javascript"], user_tags: ["javascript"], dismissed_tags: ["JS"] });
    expect((await tagsOf(c)).tags).toEqual(["Reading"]);
    expect((await tagsOf(bobs)).tags).toEqual(["js"]);
    expect((await tagsOf(gone)).tags).toEqual(["js"]);
    const searches = await api<Array<{ name: string; query: string }>>("GET", "/api/saved-searches", { token: alice.token });
    expect(searches.body.map(({ name, query }) => [name, query])).toEqual([
      ["JS about react", "q=react&tag=javascript"],
      ["News", "tag=news"],
    ]);
    // The filter finds them by the new name.
    const filtered = await api<Array<{ id: string }>>("GET", "/api/links?tag=javascript", { token: alice.token });
    expect(filtered.body.map((l) => l.id).sort()).toEqual([a, b].sort());

    // A rename only of case.
    expect((await api("POST", "/api/tags/rename", { token: alice.token, body: { from: "Reading", to: "reading" } })).body).toEqual({ links: 2 });
    expect(await tagsOf(c)).toEqual({ tags: ["reading"], user_tags: ["reading"], dismissed_tags: [] });
  });

  it("answers bad input with a 4xx message", async () => {
    const alice = await user();
    await link(alice.id, 1, { tags: ["kept"] });
    const cases: Array<[unknown, number, RegExp]> = [
      [{ from: "kept" }, 400, /to must be text/],
      [{ from: "kept", to: "   " }, 400, /to must not be empty/],
      [{ from: "kept", to: "x".repeat(51) }, 400, /50 characters/],
      [{ from: "kept", to: "kept" }, 400, /same/],
      [{ from: "missing", to: "other" }, 404, /No link has the tag/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api<{ message: string }>("POST", "/api/tags/rename", { token: alice.token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect((await api("POST", "/api/tags/rename", { body: { from: "a", to: "b" } })).status).toBe(401);
    expect((await api("GET", "/api/tags")).status).toBe(401);
  });
});

describe("saved searches", () => {
  it("saves, lists, replaces by name and deletes, per user", async () => {
    const alice = await user();
    const bob = await user();
    const saved = await api<{ id: string; name: string; query: string }>("POST", "/api/saved-searches", { token: alice.token, body: { name: "Postgres to read", query: "?tag=to-read&q=postgres&limit=3" } });
    expect(saved.status).toBe(201);
    // Stored in the dashboard's order, without what is not a search.
    expect(saved.body).toMatchObject({ name: "Postgres to read", query: "q=postgres&tag=to-read" });
    const again = await api<{ id: string; query: string }>("POST", "/api/saved-searches", { token: alice.token, body: { name: "postgres TO read", query: "status=error" } });
    expect(again.body).toMatchObject({ id: saved.body.id, query: "status=error" });
    await api("POST", "/api/saved-searches", { token: alice.token, body: { name: "Failed news", query: "status=error&tag=news" } });

    const list = await api<Array<{ name: string }>>("GET", "/api/saved-searches", { token: alice.token });
    expect(list.body.map((s) => s.name)).toEqual(["Failed news", "postgres TO read"]);
    expect((await api<unknown[]>("GET", "/api/saved-searches", { token: bob.token })).body).toEqual([]);

    expect((await api("DELETE", `/api/saved-searches/${saved.body.id}`, { token: bob.token })).status).toBe(404);
    expect((await api("DELETE", `/api/saved-searches/${saved.body.id}`, { token: alice.token })).status).toBe(200);
    expect((await api("DELETE", `/api/saved-searches/${saved.body.id}`, { token: alice.token })).status).toBe(404);
    expect((await api("DELETE", "/api/saved-searches/not-an-id", { token: alice.token })).status).toBe(404);
    expect((await api<Array<{ name: string }>>("GET", "/api/saved-searches", { token: alice.token })).body.map((s) => s.name)).toEqual(["Failed news"]);
  });

  it("answers bad input with a 4xx message", async () => {
    const alice = await user();
    const cases: Array<[unknown, RegExp]> = [
      [{ name: "", query: "q=x" }, /name/],
      [{ name: "x".repeat(61), query: "q=x" }, /60 characters/],
      [{ name: "Bad status", query: "status=nope" }, /status must be one of/],
      [{ name: "Empty", query: "" }, /nothing to save/],
      [{ name: "No query" }, /query must be text/],
      ["not an object", /./],
    ];
    for (const [body, message] of cases) {
      const res = await api<{ message: string }>("POST", "/api/saved-searches", { token: alice.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });
});

describe("the dashboard's view", () => {
  it("is list until chosen, then remembered; any other value is a 400", async () => {
    const alice = await user();
    expect((await api("GET", "/api/preferences/view", { token: alice.token })).body).toEqual({ view: "list" });
    expect((await api("PUT", "/api/preferences/view", { token: alice.token, body: { view: "cards" } })).body).toEqual({ view: "cards" });
    expect((await api("GET", "/api/preferences/view", { token: alice.token })).body).toEqual({ view: "cards" });
    const bad = await api<{ message: string }>("PUT", "/api/preferences/view", { token: alice.token, body: { view: "grid" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/view must be one of list, cards/);
    expect((await api("POST", "/api/preferences/view", { token: alice.token, body: { view: "list" } })).status).toBe(405);
  });
});
