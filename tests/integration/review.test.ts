import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicHighlight } from "~/lib/highlights";
import type { PublicCard, PublicCardReview } from "~/lib/review";
import { db } from "~/server/platform/db.server";
import { signUpAs } from "../helpers/pipeline";
import { apiClient, startWebServer } from "../helpers/web-server";

// Spaced review (decision 068) against the web server in this process: cards from a highlight, a
// quiz question and a key term; FSRS grading with its history; suspension; owner scoping; the
// plan's quiz feature and token scopes; the 4xx shapes. Links are stored directly (no worker).
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

type Answer<T> = T & { message?: string; upgradeUrl?: string };
type Graded = { card: PublicCard; review: PublicCardReview };
const PASSAGE = "The quick brown fox jumps over the lazy dog.";

let links = 0;
async function storeLink(userId: string): Promise<string> {
  const url = `https://example.com/review/${++links}`;
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "enriched", title: `Page ${links}`, content_text: PASSAGE })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function highlight(token: string, linkId: string, note?: string): Promise<PublicHighlight> {
  const made = await api<PublicHighlight>("POST", `/api/links/${linkId}/highlights`, { token, body: { exact: "brown fox", prefix: "The quick ", suffix: " jumps over", start: 10, note } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

const create = (token: string, body: unknown) => api<Answer<PublicCard>>("POST", "/api/cards", { token, body });
const grade = (token: string, id: string, body: unknown) => api<Answer<Graded>>("POST", `/api/review/${id}`, { token, body });
const due = async (token: string) => (await api<{ cards: PublicCard[]; dueCount: number }>("GET", "/api/review/due", { token })).body;

describe("review cards", () => {
  it("makes a cloze from a highlight with its note as the hint, due now, and keeps the passage when the highlight goes", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id);
    const h = await highlight(user.token, linkId, "A pangram");

    const whole = await create(user.token, { from: "highlight", highlightId: h.id });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body).toMatchObject({
      kind: "highlight",
      linkId,
      highlightId: h.id,
      front: "The quick […] jumps over",
      back: "brown fox",
      hint: "A pangram",
      state: "new",
      reps: 0,
      lapses: 0,
      suspended: false,
      source: { text: "brown fox", start: 10, href: `/links/${linkId}/read#highlight-${h.id}` },
    });
    expect(Date.parse(whole.body.due)).toBeLessThanOrEqual(Date.now());
    const phrase = await create(user.token, { from: "highlight", highlightId: h.id, cloze: "fox" });
    expect(phrase.body).toMatchObject({ front: "The quick brown […] jumps over", back: "fox" });
    const notInIt = await create(user.token, { from: "highlight", highlightId: h.id, cloze: "lazy" });
    expect(notInIt.status).toBe(400);
    expect(notInIt.body.message).toBe("cloze must be a phrase of the highlight");
    const bare = await api<PublicHighlight>("POST", `/api/links/${linkId}/highlights`, { token: user.token, body: { exact: "lazy dog", start: 35 } });
    const nothingAround = await create(user.token, { from: "highlight", highlightId: bare.body.id });
    expect(nothingAround.status).toBe(400);
    expect(nothingAround.body.message).toMatch(/no text around it/);
    expect((await create(user.token, { from: "highlight", highlightId: bare.body.id, cloze: "dog" })).body).toMatchObject({ front: "lazy […]", back: "dog" });

    const listed = await due(user.token);
    expect(listed.dueCount).toBe(3);
    expect(listed.cards.map((card) => card.id)).toEqual(expect.arrayContaining([whole.body.id, phrase.body.id]));

    expect((await api("DELETE", `/api/highlights/${h.id}`, { token: user.token })).status).toBe(204);
    const kept = await api<PublicCard>("GET", `/api/cards/${whole.body.id}`, { token: user.token });
    expect(kept.body).toMatchObject({ highlightId: null, front: "The quick […] jumps over", source: { text: "brown fox", start: 10, href: `/links/${linkId}/read` } });
  });

  it("makes cards from a quiz question (409 until the quiz exists) and from a key term", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id);
    const early = await create(user.token, { from: "quiz", linkId, question: 1 });
    expect(early.status).toBe(409);
    expect(typeof early.body.message).toBe("string");

    const questions = Array.from({ length: 5 }, (_, i) => ({ question: `Question ${i}?`, options: ["A", "B", "C", "D"], answerIndex: i % 4, explanation: `Because ${i}` }));
    await db()
      .insertInto("link_artifacts")
      .values({ link_id: linkId, user_id: user.id, kind: "quiz", variant: "", status: "ready", payload: JSON.stringify({ questions }), engine: "local" })
      .execute();
    const quiz = await create(user.token, { from: "quiz", linkId, question: 1 });
    expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);
    expect(quiz.body).toMatchObject({ kind: "quiz", front: "Question 1?\n1. A\n2. B\n3. C\n4. D", back: "2. B", hint: "Because 1", highlightId: null });

    const term = await create(user.token, { from: "term", linkId, term: "Pangram", definition: "A sentence using every letter", passage: PASSAGE, passageStart: 0 });
    expect(term.status).toBe(201);
    expect(term.body).toMatchObject({ kind: "term", front: "Pangram", back: "A sentence using every letter", source: { text: PASSAGE, start: 0, href: `/links/${linkId}/read` } });
  });

  it("grades with FSRS: Good schedules the next step, Again on a learnt card is a lapse; each grade is a history row", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id);
    const card = (await create(user.token, { from: "term", linkId, term: "Fox", definition: "Quick and brown" })).body;

    const good = await grade(user.token, card.id, { grade: "good" });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    // ts-fsrs itself is the oracle: a new card graded Good at t is due after the same short-term step.
    const reviewedAt = new Date(good.body.review.reviewedAt);
    const expected = fsrs().next(createEmptyCard(reviewedAt), reviewedAt, Rating.Good).card;
    expect(Date.parse(good.body.card.due) - reviewedAt.getTime()).toBe(expected.due.getTime() - reviewedAt.getTime());
    expect(Date.parse(good.body.card.due)).toBeGreaterThan(Date.now());
    expect(good.body.card).toMatchObject({ state: "learning", reps: 1, lapses: 0, lastReview: good.body.review.reviewedAt });
    expect(good.body.review).toMatchObject({ grade: "good", stateBefore: "new", dueBefore: card.due, dueAfter: good.body.card.due });
    expect((await due(user.token)).cards.map((c) => c.id)).not.toContain(card.id);

    // Days later: Easy makes it a review card; when it is due again, Again is a lapse.
    await db().updateTable("cards").set({ due: new Date(Date.now() - 60_000) }).where("id", "=", card.id).execute();
    expect((await due(user.token)).cards.map((c) => c.id)).toContain(card.id);
    const easy = await grade(user.token, card.id, { grade: "easy" });
    expect(easy.body.card).toMatchObject({ state: "review", reps: 2, lapses: 0 });
    expect(Date.parse(easy.body.card.due) - Date.now()).toBeGreaterThan(24 * 3600_000);
    await db().updateTable("cards").set({ due: new Date(Date.now() - 60_000) }).where("id", "=", card.id).execute();
    const again = await grade(user.token, card.id, { grade: "again" });
    expect(again.body.card).toMatchObject({ state: "relearning", reps: 3, lapses: 1 });
    expect(Date.parse(again.body.card.due) - Date.now()).toBeLessThan(3600_000);

    const history = await api<{ reviews: PublicCardReview[] }>("GET", `/api/cards/${card.id}/reviews`, { token: user.token });
    expect(history.body.reviews.map((r) => [r.grade, r.stateBefore])).toEqual([
      ["again", "review"],
      ["easy", "learning"],
      ["good", "new"],
    ]);

    // The account's data export carries the card, its FSRS state and its history.
    const exported = (await (await fetch(`${web.baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as {
      links: Array<{ id: string; cards: Array<{ id: string; front: string; lapses: number; state: string; reviews: Array<{ grade: string }> }> }>;
    };
    const exportedCard = exported.links.find((link) => link.id === linkId)!.cards[0]!;
    expect(exportedCard).toMatchObject({ id: card.id, front: "Fox", lapses: 1, state: "relearning" });
    expect(exportedCard.reviews.map((r) => r.grade)).toEqual(["good", "easy", "again"]);
  });

  it("suspends (never due), resumes, edits and deletes a card", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id);
    const card = (await create(user.token, { from: "term", linkId, term: "Dog", definition: "Lazy" })).body;

    const suspended = await api<PublicCard>("PATCH", `/api/cards/${card.id}`, { token: user.token, body: { suspended: true } });
    expect(suspended.body.suspended).toBe(true);
    expect(await due(user.token)).toEqual({ cards: [], dueCount: 0 });
    expect((await api<{ cards: PublicCard[] }>("GET", "/api/cards?suspended=true", { token: user.token })).body.cards.map((c) => c.id)).toEqual([card.id]);
    await api("PATCH", `/api/cards/${card.id}`, { token: user.token, body: { suspended: false } });
    expect((await due(user.token)).dueCount).toBe(1);

    const edited = await api<PublicCard>("PATCH", `/api/cards/${card.id}`, { token: user.token, body: { front: "The dog", hint: "  " } });
    expect(edited.body).toMatchObject({ front: "The dog", back: "Lazy", hint: null, state: "new" });

    expect((await api("DELETE", `/api/cards/${card.id}`, { token: user.token })).status).toBe(204);
    expect((await api("GET", `/api/cards/${card.id}`, { token: user.token })).status).toBe(404);
    expect((await due(user.token)).dueCount).toBe(0);
  });
});

describe("the review API's gates and errors", () => {
  it("refuses a plan without the quiz with 403 {message, upgradeUrl}", async () => {
    const free = await signUpAs(api, "FreeUser");
    const linkId = await storeLink(free.id);
    for (const answer of [await api<Answer<object>>("GET", "/api/review/due", { token: free.token }), await create(free.token, { from: "term", linkId, term: "a", definition: "b" })]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Quiz is part of a higher plan. Upgrade to unlock it.");
      expect(typeof answer.body.upgradeUrl).toBe("string");
    }
    expect(await db().selectFrom("cards").select("id").where("user_id", "=", free.id).execute()).toEqual([]);
  });

  it("answers bad input with 400, another user's card with 404, and a read-only token's grade with 403", async () => {
    const owner = await signUpAs(api, "ProUser");
    const other = await signUpAs(api, "ProUser");
    const linkId = await storeLink(owner.id);
    const card = (await create(owner.token, { from: "term", linkId, term: "Fox", definition: "Brown" })).body;

    const badCards: unknown[] = [
      {},
      { from: "memory" },
      { from: "term", linkId, term: "", definition: "x" },
      { from: "term", linkId, term: "x".repeat(5_001), definition: "x" },
      { from: "term", linkId: "not-an-id", term: "x", definition: "x" },
      { from: "quiz", linkId, question: 5 },
      { from: "highlight", highlightId: linkId, extra: 1 },
    ];
    for (const body of badCards) {
      const answer = await create(owner.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    for (const body of [{}, { grade: "perfect" }, { grade: 3 }]) {
      const answer = await grade(owner.token, card.id, body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    const notJson = await fetch(`${web.baseUrl}/api/review/${card.id}`, { method: "POST", headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect((await api<Answer<object>>("GET", "/api/review/due?limit=0", { token: owner.token })).status).toBe(400);
    expect((await api<Answer<object>>("PATCH", `/api/cards/${card.id}`, { token: owner.token, body: {} })).status).toBe(400);

    // Another user's card and link are not theirs: 404, and nothing changed.
    expect((await grade(other.token, card.id, { grade: "good" })).status).toBe(404);
    expect((await api("GET", `/api/cards/${card.id}`, { token: other.token })).status).toBe(404);
    expect((await api("PATCH", `/api/cards/${card.id}`, { token: other.token, body: { front: "mine" } })).status).toBe(404);
    expect((await api("DELETE", `/api/cards/${card.id}`, { token: other.token })).status).toBe(404);
    expect((await api("GET", `/api/cards/${card.id}/reviews`, { token: other.token })).status).toBe(404);
    expect((await create(other.token, { from: "term", linkId, term: "x", definition: "y" })).status).toBe(404);
    expect((await grade(owner.token, "not-an-id", { grade: "good" })).status).toBe(404);
    expect((await api<PublicCard>("GET", `/api/cards/${card.id}`, { token: owner.token })).body).toMatchObject({ front: "Fox", reps: 0 });

    // A link in the trash hides its cards.
    await db().updateTable("links").set({ deleted_at: new Date() }).where("id", "=", linkId).execute();
    expect((await api("GET", `/api/cards/${card.id}`, { token: owner.token })).status).toBe(404);
    expect((await due(owner.token)).dueCount).toBe(0);
    await db().updateTable("links").set({ deleted_at: null }).where("id", "=", linkId).execute();

    const minted = await api<{ token: string }>("POST", "/api/tokens", { token: owner.token, body: { name: "Reader", scopes: ["read"] } });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    expect((await api("GET", "/api/review/due", { token: minted.body.token })).status).toBe(200);
    const refused = await grade(minted.body.token, card.id, { grade: "good" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/can only read/);
  });

  it("publishes the review and cards calls in the OpenAPI document", async () => {
    const document = (await api<{ paths: Record<string, Record<string, unknown>> }>("GET", "/api/openapi.json")).body;
    expect(Object.keys(document.paths["/api/cards"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/cards/{id}"] ?? {}).sort()).toEqual(["delete", "get", "patch"]);
    expect(Object.keys(document.paths["/api/review/due"] ?? {})).toEqual(["get"]);
    expect(Object.keys(document.paths["/api/review/{cardId}"] ?? {})).toEqual(["post"]);
  });
});
