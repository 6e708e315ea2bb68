import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicBulkOperation } from "~/lib/bulk";
import { HIGHLIGHTS_PER_LINK_MAX, type HighlightPage, type PublicHighlight } from "~/lib/highlights";
import { db } from "~/server/platform/db.server";
import { html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink } from "../helpers/pipeline";
import { until } from "../helpers/wait";

// Highlights and notes (decision 060) through the real web server and worker: the API's checks,
// owner scoping, the trash, search, and that a re-enrichment leaves them as they were.
let pipeline: Awaited<ReturnType<typeof startPipeline>>;

beforeAll(async () => {
  pipeline = await startPipeline({});
}, 240_000);
afterAll(() => pipeline?.stop());

let pages = 0;
function page(words: string): string {
  const path = `/highlights/${++pages}`;
  pipeline.pages.route(path, html(`<html lang="en"><head><title>Page ${pages}</title></head><body><article><h1>Page ${pages}</h1><p>${`${words} `.repeat(30)}</p><p>The quick brown fox jumps over the lazy dog.</p></article></body></html>`));
  return pipeline.pages.url(path);
}

async function save(token: string, url: string): Promise<string> {
  const saved = await pipeline.api<{ id: string }>("POST", "/api/links", { token, body: { url } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.id;
}

type Answer = PublicHighlight & { message?: string };
const add = (token: string, linkId: string, body: unknown) => pipeline.api<Answer>("POST", `/api/links/${linkId}/highlights`, { token, body });
const listOf = async (token: string, linkId: string) => (await pipeline.api<{ highlights: PublicHighlight[] }>("GET", `/api/links/${linkId}/highlights`, { token })).body.highlights;
const search = async (token: string, query: string) => (await pipeline.api<HighlightPage>("GET", `/api/highlights?${query}`, { token })).body;
const FOX = { exact: "quick brown fox", prefix: "The ", suffix: " jumps over", start: 10 };

describe("the highlights API", () => {
  it("creates, lists, edits and deletes a highlight; refuses bad input with 400 and another user's rows with 404", async () => {
    const owner = await signUpAs(pipeline.api, "FreeUser");
    const other = await signUpAs(pipeline.api, "FreeUser");
    const linkId = await save(owner.token, page("ownership"));

    const created = await add(owner.token, linkId, { ...FOX, colour: "green", note: "A pangram" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ linkId, exact: "quick brown fox", prefix: "The ", suffix: " jumps over", start: 10, colour: "green", note: "A pangram" });
    const plain = await add(owner.token, linkId, { exact: "lazy dog", start: 40 });
    expect(plain.body).toMatchObject({ colour: "yellow", note: null, prefix: "", suffix: "" });
    expect((await listOf(owner.token, linkId)).map((h) => h.exact)).toEqual(["quick brown fox", "lazy dog"]);

    const bad: unknown[] = [
      {},
      { exact: "", start: 0 },
      { exact: "   ", start: 0 },
      { exact: "x".repeat(5_001), start: 0 },
      { exact: "fox", start: -1 },
      { exact: "fox", start: 1.5 },
      { exact: "fox", start: 0, colour: "red" },
      { exact: "fox", start: 0, note: "n".repeat(10_001) },
      { exact: "fox", start: 0, prefix: "p".repeat(1_000) },
      { exact: "fox", start: 0, extra: true },
    ];
    for (const body of bad) {
      const answer = await add(owner.token, linkId, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    const notJson = await fetch(`${pipeline.web.baseUrl}/api/links/${linkId}/highlights`, { method: "POST", headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect((await add(owner.token, linkId, { exact: "x".repeat(5_000), start: 0, note: "n".repeat(10_000) })).status).toBe(201);

    // Another user: the link and the highlight are not theirs (404, nothing changed).
    expect((await add(other.token, linkId, FOX)).status).toBe(404);
    expect((await pipeline.api("GET", `/api/links/${linkId}/highlights`, { token: other.token })).status).toBe(404);
    expect((await pipeline.api("PATCH", `/api/highlights/${created.body.id}`, { token: other.token, body: { note: "mine" } })).status).toBe(404);
    expect((await pipeline.api("DELETE", `/api/highlights/${created.body.id}`, { token: other.token })).status).toBe(404);
    expect((await pipeline.api("GET", "/api/highlights/not-an-id", { token: owner.token })).status).toBe(404);
    expect((await add(owner.token, "not-an-id", FOX)).status).toBe(404);

    const badPatch = await pipeline.api<{ message: string }>("PATCH", `/api/highlights/${created.body.id}`, { token: owner.token, body: {} });
    expect(badPatch.status).toBe(400);
    expect((await pipeline.api("PATCH", `/api/highlights/${created.body.id}`, { token: owner.token, body: { colour: "orange" } })).status).toBe(400);
    const edited = await pipeline.api<PublicHighlight>("PATCH", `/api/highlights/${created.body.id}`, { token: owner.token, body: { colour: "blue", note: "  " } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ colour: "blue", note: null, exact: "quick brown fox" });

    expect((await pipeline.api("DELETE", `/api/highlights/${plain.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await pipeline.api("DELETE", `/api/highlights/${plain.body.id}`, { token: owner.token })).status).toBe(404);
    expect((await listOf(owner.token, linkId)).map((h) => h.id)).not.toContain(plain.body.id);
  });

  it(`refuses a link's highlight past ${HIGHLIGHTS_PER_LINK_MAX} with 409`, async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const linkId = await save(user.token, page("limits"));
    await db()
      .insertInto("highlights")
      .values(Array.from({ length: HIGHLIGHTS_PER_LINK_MAX - 1 }, (_, i) => ({ user_id: user.id, link_id: linkId, exact: `passage ${i}`, start_offset: i })))
      .execute();
    expect((await add(user.token, linkId, FOX)).status).toBe(201);
    const refused = await add(user.token, linkId, FOX);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/at most 2,000 highlights/);
  });

  it("searches highlights and notes, filters by tag, pages newest first, and the library's search finds the link by them", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const tagged = await save(user.token, page("searching"));
    const untagged = await save(user.token, page("searching"));
    expect((await pipeline.api("PUT", `/api/links/${tagged}/tags`, { token: user.token, body: { tags: ["reading"] } })).status).toBe(200);
    const first = (await add(user.token, tagged, { ...FOX, note: "Remember the zeppelin analogy" })).body;
    const second = (await add(user.token, untagged, { exact: "lazy dog", start: 40 })).body;
    const third = (await add(user.token, untagged, { exact: "brown fox", start: 14, note: "another thought" })).body;

    expect((await search(user.token, "")).highlights.map((h) => h.id)).toEqual([third.id, second.id, first.id]);
    const found = await search(user.token, "q=zeppelin");
    expect(found.highlights.map((h) => h.id)).toEqual([first.id]);
    expect(found.highlights[0]!.link.id).toBe(tagged);
    // The user's tag (the engine's may join it once the link is enriched).
    expect(found.highlights[0]!.link.tags).toContain("reading");
    expect((await search(user.token, "q=dogs")).highlights.map((h) => h.id)).toEqual([second.id]);
    expect((await search(user.token, "tag=reading")).highlights.map((h) => h.id)).toEqual([first.id]);

    const one = await search(user.token, "limit=2");
    expect(one.highlights.map((h) => h.id)).toEqual([third.id, second.id]);
    const two = await search(user.token, `limit=2&before=${one.nextCursor}`);
    expect(two.highlights.map((h) => h.id)).toEqual([first.id]);
    expect(two.nextCursor).toBeNull();
    expect((await pipeline.api("GET", "/api/highlights?before=nonsense", { token: user.token })).status).toBe(400);
    expect((await pipeline.api("GET", "/api/highlights?limit=0", { token: user.token })).status).toBe(400);

    // The library's search finds the link by a highlight's note, and forgets it when the note goes.
    const library = async (q: string) => (await pipeline.api<Array<{ id: string }>>("GET", `/api/links?q=${q}`, { token: user.token })).body.map((link) => link.id);
    expect(await library("zeppelin")).toEqual([tagged]);
    await pipeline.api("PATCH", `/api/highlights/${first.id}`, { token: user.token, body: { note: null } });
    expect(await library("zeppelin")).toEqual([]);
    expect((await search(user.token, "q=zeppelin")).highlights).toEqual([]);
  });

  it("hides a deleted link's highlights, brings them back on restore, and the purge removes them", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const linkId = await save(user.token, page("trash"));
    const highlight = (await add(user.token, linkId, FOX)).body;
    expect((await pipeline.api("DELETE", `/api/links/${linkId}`, { token: user.token })).status).toBe(200);
    expect((await pipeline.api("GET", `/api/highlights/${highlight.id}`, { token: user.token })).status).toBe(404);
    expect((await search(user.token, "")).highlights).toEqual([]);
    expect((await add(user.token, linkId, FOX)).status).toBe(404);
    expect((await pipeline.api("POST", `/api/links/${linkId}/restore`, { token: user.token })).status).toBe(200);
    expect((await listOf(user.token, linkId)).map((h) => h.id)).toEqual([highlight.id]);

    await db().deleteFrom("links").where("id", "=", linkId).execute();
    expect(await db().selectFrom("highlights").select("id").where("link_id", "=", linkId).execute()).toEqual([]);
  });
});

describe("exports", () => {
  it("the library's JSON export, the account export and a link's Markdown carry its highlights and notes", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const linkId = await save(user.token, page("exports"));
    const highlight = (await add(user.token, linkId, { ...FOX, note: "Exported note" })).body;
    const json = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=json`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(json.status).toBe(200);
    const document = (await json.json()) as { links: Array<{ id: string; url: string; highlights: PublicHighlight[]; highlights_text?: string }> };
    const exported = document.links.find((link) => link.id === linkId)!;
    expect(exported.highlights).toEqual([highlight]);
    expect(exported).not.toHaveProperty("highlights_text");
    // The account export (a fresh sign-in's session).
    const account = await fetch(`${pipeline.web.baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(account.status).toBe(200);
    const everything = (await account.json()) as { links: Array<{ id: string; highlights: PublicHighlight[] }> };
    expect(everything.links.find((link) => link.id === linkId)!.highlights).toEqual([highlight]);
    const markdown = await fetch(`${pipeline.web.baseUrl}/api/links/${linkId}/export.md`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toContain("## Highlights\n\n> quick brown fox\n\nNote: Exported note\n");

    // Importing that file brings the highlights back: into a new account as they were, and into
    // the same account (the link already there) without a second copy.
    const file = JSON.stringify(document);
    const elsewhere = await signUpAs(pipeline.api, "ProUser");
    expect((await importFile(elsewhere.token, file)).status).toBe("done");
    const moved = (await pipeline.api<Array<{ id: string; url: string }>>("GET", "/api/links", { token: elsewhere.token })).body.find((link) => link.url === exported.url)!;
    expect((await listOf(elsewhere.token, moved.id)).map(({ exact, prefix, suffix, start, colour, note }) => ({ exact, prefix, suffix, start, colour, note }))).toEqual([
      { exact: "quick brown fox", prefix: "The ", suffix: " jumps over", start: 10, colour: "yellow", note: "Exported note" },
    ]);
    expect((await importFile(user.token, file)).status).toBe("done");
    expect((await listOf(user.token, linkId)).map((h) => h.id)).toEqual([highlight.id]);
  });

  it("the account export carries review cards and their history; importing it restores them once, linked to the restored highlight", async () => {
    type Card = { id: string; highlightId: string | null; front: string; back: string; state: string; reps: number; due: string };
    const user = await signUpAs(pipeline.api, "ProUser");
    const linkId = await save(user.token, page("cards"));
    const highlight = (await add(user.token, linkId, FOX)).body;
    const cloze = (await pipeline.api<Card>("POST", "/api/cards", { token: user.token, body: { from: "highlight", highlightId: highlight.id } })).body;
    await pipeline.api<Card>("POST", "/api/cards", { token: user.token, body: { from: "term", linkId, term: "Fox", definition: "A quick animal" } });
    const graded = (await pipeline.api<{ card: Card }>("POST", `/api/review/${cloze.id}`, { token: user.token, body: { grade: "good" } })).body.card;

    const account = await fetch(`${pipeline.web.baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${user.token}` } });
    const document = (await account.json()) as { links: Array<{ id: string; url: string; cards: Array<{ front: string; reviews: Array<{ grade: string }> }> }> };
    const exported = document.links.find((link) => link.id === linkId)!;
    expect(exported.cards.map((card) => [card.front, card.reviews.map((review) => review.grade)])).toEqual([
      [cloze.front, ["good"]],
      ["Fox", []],
    ]);

    const file = JSON.stringify(document);
    const elsewhere = await signUpAs(pipeline.api, "ProUser");
    expect((await importFile(elsewhere.token, file)).status).toBe("done");
    const cardsOf = async (token: string) => (await pipeline.api<{ cards: Card[] }>("GET", "/api/cards", { token })).body.cards;
    const moved = await cardsOf(elsewhere.token);
    expect(moved.map((card) => card.front).sort()).toEqual([cloze.front, "Fox"].sort());
    const restored = moved.find((card) => card.front === cloze.front)!;
    expect(restored).toMatchObject({ state: graded.state, reps: 1, due: graded.due });
    const [restoredHighlight] = await listOf(elsewhere.token, (await pipeline.api<Array<{ id: string; url: string }>>("GET", "/api/links", { token: elsewhere.token })).body.find((link) => link.url === exported.url)!.id);
    expect(restored.highlightId).toBe(restoredHighlight!.id);
    const history = (await pipeline.api<{ reviews: Array<{ grade: string; stateBefore: string }> }>("GET", `/api/cards/${restored.id}/reviews`, { token: elsewhere.token })).body.reviews;
    expect(history.map(({ grade, stateBefore }) => ({ grade, stateBefore }))).toEqual([{ grade: "good", stateBefore: "new" }]);

    // Importing the same file again adds no second copy, in the same account or the other.
    expect((await importFile(elsewhere.token, file)).status).toBe("done");
    expect((await cardsOf(elsewhere.token)).length).toBe(2);
    expect((await importFile(user.token, file)).status).toBe("done");
    expect((await cardsOf(user.token)).length).toBe(2);
  });
});

async function importFile(token: string, body: string): Promise<{ status: string }> {
  const response = await fetch(`${pipeline.web.baseUrl}/api/imports?name=linkwise.json`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" }, body });
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  return until("the import ends", async () => {
    const now = (await pipeline.api<{ status: string }>("GET", `/api/imports/${id}`, { token })).body;
    return now.status === "done" || now.status === "failed" ? now : undefined;
  });
}

describe("the public share page", () => {
  it("shows the highlights and notes only when the owner turns it on, and only while the link is shared", async () => {
    const owner = await signUpAs(pipeline.api, "ProUser");
    const other = await signUpAs(pipeline.api, "ProUser");
    const linkId = await save(owner.token, page("sharing"));
    await add(owner.token, linkId, { ...FOX, note: "Shared thought" });
    expect((await pipeline.api("POST", `/api/links/${linkId}/share`, { token: owner.token })).status).toBe(200);
    const sharePage = async () => (await fetch(`${pipeline.web.baseUrl}/share/${linkId}`)).text();
    const shareJson = async () => (await pipeline.api<{ highlights: Array<{ text: string; note: string | null }> }>("GET", `/api/share/${linkId}`)).body.highlights;
    expect(await sharePage()).not.toContain("Shared thought");
    expect(await shareJson()).toEqual([]);

    expect((await pipeline.api("PUT", `/api/links/${linkId}/highlights/sharing`, { token: other.token, body: { show: true } })).status).toBe(404);
    expect((await pipeline.api("PUT", `/api/links/${linkId}/highlights/sharing`, { token: owner.token, body: { show: "yes" } })).status).toBe(400);
    const shown = await pipeline.api<{ show: boolean }>("PUT", `/api/links/${linkId}/highlights/sharing`, { token: owner.token, body: { show: true } });
    expect(shown.body).toEqual({ show: true });
    const html = await sharePage();
    expect(html).toContain("quick brown fox");
    expect(html).toContain("Shared thought");
    // The JSON of the share page carries the same.
    expect(await shareJson()).toEqual([{ text: expect.stringContaining("quick brown fox"), note: "Shared thought" }]);

    expect((await pipeline.api("DELETE", `/api/links/${linkId}/share`, { token: owner.token })).status).toBe(204);
    expect(await sharePage()).not.toContain("Shared thought");
    expect((await pipeline.api("POST", `/api/links/${linkId}/share`, { token: owner.token })).status).toBe(200);
    await pipeline.api("PUT", `/api/links/${linkId}/highlights/sharing`, { token: owner.token, body: { show: false } });
    expect(await sharePage()).not.toContain("Shared thought");
  });
});

describe("enrichment and highlights", () => {
  it("a re-enrichment neither changes nor drops the user's highlights", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const linkId = await save(user.token, page("enrichment keeps highlights"));
    const first = await waitForLink(pipeline.api, user.token, linkId, 60_000);
    expect(first.status).toBe("enriched");
    const highlight = (await add(user.token, linkId, { ...FOX, colour: "pink", note: "keep me" })).body;

    const started = await pipeline.api<PublicBulkOperation>("POST", "/api/links/bulk", { token: user.token, body: { action: "reenrich", ids: [linkId] } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const row = await db().selectFrom("links").select(["status", "enriched_at"]).where("id", "=", linkId).executeTakeFirstOrThrow();
      if (row.status === "enriched" && row.enriched_at && row.enriched_at.toISOString() !== first.enrichedAt) break;
      if (Date.now() > deadline) throw new Error(`not re-enriched: ${JSON.stringify(row)}`);
      await sleep(100);
    }
    expect(await listOf(user.token, linkId)).toEqual([highlight]);
    // The link's search still finds the note after the page's text was written again.
    expect((await pipeline.api<Array<{ id: string }>>("GET", "/api/links?q=keep%20me", { token: user.token })).body.map((link) => link.id)).toEqual([linkId]);
  });
});
