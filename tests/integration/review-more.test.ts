import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicCard, Retention } from "~/lib/review";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { signUpAs } from "../helpers/pipeline";
import { apiClient, startWebServer } from "../helpers/web-server";
import { waitForMail } from "../helpers/outbox";
import { listOutboxMail } from "~/server/repos/mail-outbox.server";
import { sendReviewDigests } from "~/server/review/review.server";

// Spaced review's later increments (issue #36): the header's due count, key-term cards from the
// page's own definitions, the card list's filters, the retention per tag, the Anki and CSV exports,
// and the new calls' gate (quiz feature, token scopes). One web server in this process; links are
// stored directly (no worker).
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

const TEXT =
  "Rate limiting protects services from overload. A token bucket is an algorithm that allows short bursts while capping the average rate of requests. A leaky bucket is a queue that drains requests at a constant rate regardless of bursts. Each client gets its own bucket.";

let links = 0;
async function storeLink(userId: string, tags: string[] = [], text = TEXT): Promise<string> {
  const url = `https://example.com/review-more/${++links}`;
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "enriched", title: `Page ${links}`, content_text: text, language: "en", tags, user_tags: tags })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const term = (token: string, linkId: string, front: string) => api<PublicCard>("POST", "/api/cards", { token, body: { from: "term", linkId, term: front, definition: `${front} means something` } });

async function page(path: string, token: string): Promise<string> {
  const response = await fetch(`${web.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("review, the rest of it", () => {
  it("shows the due count in the header's Review link for a plan with review, and none without", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id);
    for (const front of ["One", "Two", "Three"]) expect((await term(user.token, linkId, front)).status).toBe(201);
    const suspended = (await term(user.token, linkId, "Four")).body;
    await api("PATCH", `/api/cards/${suspended.id}`, { token: user.token, body: { suspended: true } });

    const html = await page("/dashboard", user.token);
    expect(html).toMatch(/data-testid="review-due-count"[^>]*>3</);
    expect(html).toContain('aria-label="Review, 3 cards due"');

    const free = await signUpAs(api, "FreeUser");
    const plain = await page("/dashboard", free.token);
    expect(plain).toContain(">Review<");
    expect(plain).not.toContain("review-due-count");
  });

  it("makes term cards from the page's own definitions, never twice, and 409 for a page that defines none", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id);
    const made = await api<{ cards: PublicCard[]; skipped: number; message?: string }>("POST", `/api/links/${linkId}/cards/terms`, { token: user.token });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.skipped).toBe(0);
    expect(made.body.cards.map((card) => card.front)).toEqual(["token bucket", "leaky bucket"]);
    const bucket = made.body.cards[0]!;
    expect(bucket).toMatchObject({
      kind: "term",
      back: "A token bucket is an algorithm that allows short bursts while capping the average rate of requests.",
      source: { text: "A token bucket is an algorithm that allows short bursts while capping the average rate of requests.", start: TEXT.indexOf("A token bucket"), href: `/links/${linkId}/read` },
    });

    const again = await api<{ cards: PublicCard[]; skipped: number }>("POST", `/api/links/${linkId}/cards/terms`, { token: user.token });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ cards: [], skipped: 2 });

    const bare = await storeLink(user.id, [], "Nothing here is defined. It rained all day and we stayed in.");
    const none = await api<{ message: string }>("POST", `/api/links/${bare}/cards/terms`, { token: user.token });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/defines no key terms/);
    const other = await signUpAs(api, "ProUser");
    expect((await api("POST", `/api/links/${linkId}/cards/terms`, { token: other.token })).status).toBe(404);
    expect((await api("POST", `/api/links/not-an-id/cards/terms`, { token: user.token })).status).toBe(404);
  });

  it("lists cards by words, the link's tag and state, each with its link's tags", async () => {
    const user = await signUpAs(api, "ProUser");
    const go = await storeLink(user.id, ["go"]);
    const rust = await storeLink(user.id, ["rust", "systems"]);
    const channel = (await term(user.token, go, "Channel")).body;
    const borrow = (await term(user.token, rust, "Borrow checker")).body;
    await api("POST", `/api/review/${borrow.id}`, { token: user.token, body: { grade: "good" } });

    const list = async (query: string) => (await api<{ cards: PublicCard[] }>("GET", `/api/cards?${query}`, { token: user.token })).body.cards.map((card) => card.id);
    expect(await list("tag=go")).toEqual([channel.id]);
    expect(await list("tag=systems")).toEqual([borrow.id]);
    expect(await list("q=BORROW")).toEqual([borrow.id]);
    expect(await list("q=means%20something")).toEqual([borrow.id, channel.id]);
    expect(await list("state=new")).toEqual([channel.id]);
    expect(await list("state=learning")).toEqual([borrow.id]);
    const all = (await api<{ cards: PublicCard[] }>("GET", "/api/cards", { token: user.token })).body.cards;
    expect(all.find((card) => card.id === borrow.id)?.tags).toEqual(["rust", "systems"]);
    const bad = await api<{ message: string }>("GET", "/api/cards?state=mature", { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("state must be new, learning, review or relearning");
  });

  it("gives retention per tag in one grouped query: due, learning, mature, lapsed, and the share of Good or Easy over 30 days", async () => {
    const user = await signUpAs(api, "ProUser");
    const go = await storeLink(user.id, ["go"]);
    const both = await storeLink(user.id, ["go", "rust"]);
    const untagged = await storeLink(user.id);
    const a = (await term(user.token, go, "A")).body;
    const b = (await term(user.token, both, "B")).body;
    const c = (await term(user.token, untagged, "C")).body;
    // a: graded good then again (a learning card); b: made mature and lapsed by hand; c: untouched.
    await api("POST", `/api/review/${a.id}`, { token: user.token, body: { grade: "good" } });
    await api("POST", `/api/review/${a.id}`, { token: user.token, body: { grade: "again" } });
    await db().updateTable("cards").set({ stability: 30, lapses: 2, state: "review", due: new Date(Date.now() + 86_400_000 * 20) }).where("id", "=", b.id).execute();
    await db().insertInto("card_reviews").values([
      { card_id: b.id, user_id: user.id, grade: "easy", reviewed_at: new Date(), state_before: "review", due_before: new Date(), due_after: new Date() },
      // Older than 30 days: not counted.
      { card_id: b.id, user_id: user.id, grade: "again", reviewed_at: new Date(Date.now() - 40 * 86_400_000), state_before: "review", due_before: new Date(), due_after: new Date() },
    ]).execute();

    const stats = await api<Retention>("GET", "/api/review/stats", { token: user.token });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body).toMatchObject({ windowDays: 30, matureDays: 21 });
    expect(stats.body.tags).toEqual([
      { tag: "go", cards: 2, due: 0, learning: 1, mature: 1, lapsed: 1, reviews: 3, retention: 0.667 },
      { tag: "rust", cards: 1, due: 0, learning: 0, mature: 1, lapsed: 1, reviews: 1, retention: 1 },
      { tag: null, cards: 1, due: 1, learning: 0, mature: 0, lapsed: 0, reviews: 0, retention: null },
    ]);
    expect(c.state).toBe("new");

    const html = await page("/review", user.token);
    expect(html).toContain("Retention by tag");
    expect(html).toContain("67%");
  });

  it("exports the cards to Anki's text import (headers, a Basic note a row, tags, the id as GUID) and to CSV", async () => {
    const user = await signUpAs(api, "ProUser");
    const linkId = await storeLink(user.id, ["rate limiting", "go"]);
    const card = (await api<PublicCard>("POST", "/api/cards", { token: user.token, body: { from: "term", linkId, term: "Bucket <b>", definition: "Holds\ttokens\n& refills", passage: TEXT, passageStart: 0 } })).body;
    const formula = (await term(user.token, linkId, "=SUM(A1)")).body;

    const anki = await fetch(`${web.baseUrl}/api/cards/export?format=anki`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(anki.status).toBe(200);
    expect(anki.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(anki.headers.get("content-disposition")).toMatch(/^attachment; filename="linkwise-cards-\d{4}-\d{2}-\d{2}\.txt"$/);
    const lines = (await anki.text()).split("\n");
    expect(lines.slice(0, 6)).toEqual(["#separator:tab", "#html:true", "#notetype:Basic", "#deck:Linkwise", "#tags column:3", "#guid column:4"]);
    const row = lines.find((line) => line.endsWith(card.id))!.split("\t");
    expect(row).toEqual(["Bucket &lt;b&gt;", `Holds tokens<br>&amp; refills<br><br><a href="${env().APP_URL}/links/${linkId}/read">Source</a>`, "linkwise rate_limiting go", card.id]);

    const csv = await fetch(`${web.baseUrl}/api/cards/export?format=csv`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = (await csv.text()).split("\r\n");
    expect(rows[0]).toBe("id,front,back,hint,tags,kind,state,due,stability,difficulty,reps,lapses,suspended,source,link_title,created_at");
    expect(rows.find((line) => line.startsWith(card.id))).toContain(`,Bucket <b>,"Holds\ttokens\n& refills",,rate limiting; go,term,new,`);
    expect(rows.find((line) => line.startsWith(formula.id))).toContain(",'=SUM(A1),");

    const bad = await api<{ message: string }>("GET", "/api/cards/export?format=apkg", { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("format must be anki or csv");
  });

  it("gates the new calls behind the quiz feature and the token scopes", async () => {
    const free = await signUpAs(api, "FreeUser");
    const linkId = await storeLink(free.id);
    for (const [method, path] of [
      ["GET", "/api/review/stats"],
      ["GET", "/api/cards/export"],
      ["POST", `/api/links/${linkId}/cards/terms`],
    ] as const) {
      const refused = await api<{ message: string }>(method, path, { token: free.token });
      expect(refused.status, path).toBe(403);
      expect(typeof refused.body.message).toBe("string");
    }
    const owner = await signUpAs(api, "ProUser");
    const own = await storeLink(owner.id);
    const minted = await api<{ token: string }>("POST", "/api/tokens", { token: owner.token, body: { name: "Reader", scopes: ["read"] } });
    expect((await api("GET", "/api/review/stats", { token: minted.body.token })).status).toBe(200);
    expect((await api("POST", `/api/links/${own}/cards/terms`, { token: minted.body.token })).status).toBe(403);
    expect((await api("GET", "/api/review/stats")).status).toBe(401);
  });

  it("mails a daily or weekly digest of the due count when chosen (off by default), once a period, never with nothing due", async () => {
    const user = await signUpAs(api, "ProUser");
    await db().updateTable("users").set({ email_confirmed: true }).where("id", "=", user.id).execute();
    const { email } = await db().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow();
    const linkId = await storeLink(user.id);
    for (const front of ["One", "Two"]) await term(user.token, linkId, front);
    // The sign-up's confirmation went to the outbox too: count the digests alone.
    const countMail = async (to: string) => (await listOutboxMail(db(), { limit: 100, to })).filter((m) => /cards? due/.test(m.subject)).length;

    expect((await api("GET", "/api/review/digest", { token: user.token })).body).toEqual({ digest: "off" });
    const now = new Date(Date.now() + 60_000);
    await sendReviewDigests(now);
    expect(await countMail(email)).toBe(0);

    const bad = await api<{ message: string }>("PUT", "/api/review/digest", { token: user.token, body: { digest: "hourly" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("digest must be off, daily or weekly");
    expect((await api("PUT", "/api/review/digest", { token: user.token, body: { digest: "daily" } })).body).toEqual({ digest: "daily" });
    expect((await sendReviewDigests(now)).sent).toBeGreaterThanOrEqual(1);
    const { mail, link } = await waitForMail(email, /2 cards due/);
    expect(mail.text_body).toContain("2 cards are due for review.");
    expect(link?.pathname).toBe("/review");

    // The same day: nothing more; 21 hours on: the next one.
    await sendReviewDigests(new Date(now.getTime() + 3_600_000));
    expect(await countMail(email)).toBe(1);
    await sendReviewDigests(new Date(now.getTime() + 21 * 3_600_000));
    expect(await countMail(email)).toBe(2);

    // Weekly: not the next day; nothing due: no mail.
    await api("PUT", "/api/review/digest", { token: user.token, body: { digest: "weekly" } });
    await sendReviewDigests(new Date(now.getTime() + 45 * 3_600_000));
    expect(await countMail(email)).toBe(2);
    await db().updateTable("cards").set({ due: new Date(now.getTime() + 30 * 86_400_000) }).where("user_id", "=", user.id).execute();
    await sendReviewDigests(new Date(now.getTime() + 8 * 86_400_000));
    expect(await countMail(email)).toBe(2);

    // The settings page offers it to a plan with review, not to Free.
    expect(await page("/settings", user.token)).toContain("Review digest mail");
    const free = await signUpAs(api, "FreeUser");
    expect(await page("/settings", free.token)).not.toContain("Review digest mail");
    expect((await api("PUT", "/api/review/digest", { token: free.token, body: { digest: "daily" } })).status).toBe(403);
  });
});
