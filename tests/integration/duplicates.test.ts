import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { db } from "~/server/platform/db.server";
import { hasTitleKey, titleKeyOf, urlKeyOf } from "~/server/repos/link-search.server";
import { registerThroughApi, webServerForFile } from "../helpers/web-server";

// Duplicates are found, never silently made or lost (decision 053): adding a saved page answers
// with the link saved before, one in Recently deleted is named (not restored behind the user's
// back), and duplicates=true lists the possible duplicates, each group together.
const web = webServerForFile();
const api = web.api;

const user = () => registerThroughApi(api, "dup");

let minutes = 0;
/** An enriched link as the worker leaves it, saved a minute after the previous one. */
async function saved(userId: string, url: string, fields: { title?: string | null; canonical?: string; deleted?: boolean } = {}) {
  const at = new Date(Date.UTC(2026, 0, 1) + ++minutes * 60_000);
  const row = await db()
    .insertInto("links")
    .values({
      user_id: userId,
      url,
      normalized_url: url,
      status: "enriched",
      title: fields.title === undefined ? `Title of ${url}` : fields.title,
      canonical_url: fields.canonical ?? null,
      canonical_key: fields.canonical ?? null,
      saved_at: at,
      deleted_at: fields.deleted ? at : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Listed = { id: string; url: string; duplicate?: { group: string; reason: string } };

describe("adding a page already saved", () => {
  it("answers 200 with the link saved before and says so, for the same address spelt otherwise", async () => {
    const owner = await user();
    const first = await api<{ id: string }>("POST", "/api/links", { token: owner.token, body: { url: "https://dup.example/article" } });
    expect(first.status).toBe(201);
    expect(first.body).not.toHaveProperty("message");
    const again = await api<{ id: string; message: string }>("POST", "/api/links", { token: owner.token, body: { url: "https://DUP.example/article?utm_source=x#part" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, url: "https://dup.example/article", message: "Already in your library." });
    expect((await db().selectFrom("links").select("id").where("user_id", "=", owner.id).execute()).length).toBe(1);
  });

  it("finds it by the canonical URL of a page saved under another address", async () => {
    const owner = await user();
    const id = await saved(owner.id, "https://dup.example/story?id=7&from=feed", { canonical: "https://dup.example/story/7" });
    const again = await api<{ id: string; message: string }>("POST", "/api/links", { token: owner.token, body: { url: "https://dup.example/story/7" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, message: "Already in your library." });
    const list = await api<Listed[]>("GET", "/api/links", { token: owner.token });
    expect(list.body.map((link) => link.id)).toEqual([id]);
  });

  it("names a link in Recently deleted (409, nothing saved or restored) and Restore brings it back", async () => {
    const owner = await user();
    const id = await saved(owner.id, "https://dup.example/gone");
    expect((await api("DELETE", `/api/links/${id}`, { token: owner.token })).status).toBe(200);
    const again = await api<{ message: string; id: string; deletedAt: string; purgeAfter: string }>("POST", "/api/links", { token: owner.token, body: { url: "https://dup.example/gone" } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.stringContaining("Recently deleted"), id, deletedAt: expect.any(String), purgeAfter: expect.any(String) });
    expect(Date.parse(again.body.purgeAfter)).toBeGreaterThan(Date.parse(again.body.deletedAt));
    expect((await api<Listed[]>("GET", "/api/links", { token: owner.token })).body).toEqual([]);
    expect((await api<Listed[]>("GET", "/api/links/deleted", { token: owner.token })).body.map((link) => link.id)).toEqual([id]);
    expect((await api("POST", `/api/links/${id}/restore`, { token: owner.token })).status).toBe(200);
    expect((await api<Listed[]>("GET", "/api/links", { token: owner.token })).body.map((link) => link.id)).toEqual([id]);
  });
});

describe("duplicates=true", () => {
  it("lists links sharing an address or a title, each group together, newest group first, paged without gaps", async () => {
    const owner = await user();
    const other = await user();
    // Address: one saved with a query whose page names the plain address canonical, and the plain one.
    const withQuery = await saved(owner.id, "https://news.example/a?ref=home", { canonical: "https://news.example/a", title: "Story A" });
    const lonely = await saved(owner.id, "https://solo.example/", { title: "Nothing like it" });
    const titled1 = await saved(owner.id, "https://one.example/post", { title: "How  Postgres   plans" });
    const plain = await saved(owner.id, "https://news.example/a", { title: null });
    await saved(owner.id, "https://gone.example/", { title: "Nothing like it", deleted: true });
    await saved(other.id, "https://else.example/", { title: "Nothing like it" });
    // A title shared with a link of the address group joins that group.
    const titledLikeA = await saved(owner.id, "https://mirror.example/a", { title: "story a" });
    const titled2 = await saved(owner.id, "https://two.example/post", { title: "how postgres plans " });

    const all = await api<Listed[]>("GET", "/api/links?duplicates=true", { token: owner.token });
    expect(all.status).toBe(200);
    // Newest group first (the title pair's newest is the last saved), newest first in a group.
    expect(all.body.map((link) => link.id)).toEqual([titled2, titled1, titledLikeA, plain, withQuery]);
    expect(all.body.map((link) => link.duplicate?.reason)).toEqual(["title", "title", "title", "address", "address"]);
    const groups = all.body.map((link) => link.duplicate?.group);
    expect(groups[0]).toBe(groups[1]);
    expect(new Set(groups.slice(2))).toEqual(new Set([groups[2]]));
    expect(groups[0]).not.toBe(groups[2]);
    expect(all.body.map((link) => link.id)).not.toContain(lonely);

    // Pages of two: the same rows in the same order, the cursor carrying the group.
    const paged: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 5; page++) {
      const response: Response = await fetch(`${web.baseUrl}/api/links?duplicates=true&limit=2${before ? `&before=${before}` : ""}`, { headers: { Authorization: `Bearer ${owner.token}` } });
      expect(response.status).toBe(200);
      paged.push(...((await response.json()) as Listed[]).map((link) => link.id));
      before = response.headers.get("X-Next-Cursor");
      if (!before) break;
    }
    expect(paged).toEqual(all.body.map((link) => link.id));

    // The same filter counts (select all matching), combines with others, and rejects nonsense.
    expect((await api<{ count: number }>("GET", "/api/links/count?duplicates=true", { token: owner.token })).body).toEqual({ count: 5 });
    expect((await api<Listed[]>("GET", "/api/links?duplicates=true&domain=news.example", { token: owner.token })).body.map((link) => link.id)).toEqual([plain, withQuery]);
    expect((await api<Listed[]>("GET", "/api/links?duplicates=false", { token: owner.token })).body).toHaveLength(6);
    const bad = await api<{ message: string }>("GET", "/api/links?duplicates=maybe", { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("duplicates");
    const foreign = await api<{ message: string }>("GET", `/api/links?duplicates=true&before=${all.body[0]!.id}`, { token: owner.token });
    expect(foreign.status).toBe(400);
    expect((await api<Listed[]>("GET", "/api/links?duplicates=true", { token: other.token })).body).toEqual([]);
  });
});

// The key expressions are written twice, in the migration's indexes and in the queries; if they
// ever differ, the per-user groupings read the whole table again. Indexes built from the queries'
// expressions (in this file's own database, dropped after) must read exactly as the migration's.
describe("the possible-duplicates indexes", () => {
  it("are built on the very expressions the queries group by", async () => {
    await sql`create index check_dup_url on links (user_id, (${urlKeyOf("links")})) where deleted_at is null`.execute(db());
    await sql`create index check_title_key on links (user_id, (${titleKeyOf("links")})) where deleted_at is null and ${hasTitleKey("links")}`.execute(db());
    try {
      const { rows } = await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'links'`.execute(db());
      const definition = (name: string) => rows.find((row) => row.name === name)?.definition.replace(` ${name} `, " ");
      expect(definition("check_dup_url")).toBe(definition("links_user_dup_url_idx"));
      expect(definition("check_title_key")).toBe(definition("links_user_title_key_idx"));
    } finally {
      await sql`drop index check_dup_url, check_title_key`.execute(db());
    }
  });
});
