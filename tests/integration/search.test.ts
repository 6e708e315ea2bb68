import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LinkStatus } from "~/lib/vocabulary";
import { db } from "~/server/platform/db.server";
import { sql } from "kysely";
import { listMatchingLinkIds, RANKED_MATCHES } from "~/server/repos/link-search.server";
import { apiClient, startWebServer } from "../helpers/web-server";

// Search (issue 16): full-text over title, tags, description, summary, notes and the page's text,
// in each link's language, ranked and highlighted, with filters and cursor paging.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
});
afterAll(async () => {
  await web?.close();
});

let n = 0;
async function user() {
  const r = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email: `search${++n}-${Date.now()}@example.com`, password: "secret-pass" } });
  return { token: r.body.token, id: r.body.user.id };
}

interface Fields {
  title?: string;
  description?: string;
  summary?: string;
  text?: string;
  tags?: string[];
  language?: string | null;
  category?: string;
  status?: LinkStatus;
  savedAt?: Date;
  notes?: string;
}

let page = 0;
async function link(userId: string, fields: Fields, host = "search.example") {
  const url = `https://${host}/page-${++page}`;
  const row = await db()
    .insertInto("links")
    .values({
      user_id: userId,
      url,
      normalized_url: url,
      status: fields.status ?? "enriched",
      title: fields.title ?? null,
      description: fields.description ?? null,
      summary: fields.summary ?? null,
      content_text: fields.text ?? null,
      tags: fields.tags ?? [],
      language: fields.language === undefined ? "en" : fields.language,
      category: fields.category ?? null,
      notes: fields.notes ?? null,
      saved_at: fields.savedAt ?? new Date(Date.now() - page * 1000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Listed {
  id: string;
  title: string | null;
  highlight?: { title: string | null; snippet: string | null };
}

async function list(token: string, query: string) {
  return api<Listed[]>("GET", `/api/links?${query}`, { token });
}
async function found(token: string, query: string) {
  const response = await list(token, query);
  expect(response.status).toBe(200);
  return response.body.map((row) => row.id);
}

describe("search", () => {
  it("ranks a title match above a match in the page's text, and highlights it", async () => {
    const owner = await user();
    const inText = await link(owner.id, { title: "A note on gardening", text: "Some words about compost, then kubernetes twice: kubernetes." });
    const inTitle = await link(owner.id, { title: "Kubernetes in production", text: "Nothing else here." });
    const elsewhere = await link(owner.id, { title: "Sourdough", text: "Flour and water." });
    const byRelevance = await list(owner.token, "q=kubernetes&sort=relevance");
    expect(byRelevance.body.map((row) => row.id)).toEqual([inTitle, inText]);
    expect(byRelevance.body[0]!.highlight?.title).toBe("<mark>Kubernetes</mark> in production");
    expect(byRelevance.body[1]!.highlight?.title).toBeNull();
    expect(byRelevance.body[1]!.highlight?.snippet).toContain("<mark>kubernetes</mark>");
    // By date (the default), the newest saved first, whatever the rank.
    expect(await found(owner.token, "q=kubernetes")).toEqual([inText, inTitle]);
    expect(await found(owner.token, "q=sourdough")).toEqual([elsewhere]);
  });

  it("takes web-search syntax: a quoted phrase, -excluded words, OR", async () => {
    const owner = await user();
    const phrase = await link(owner.id, { title: "Rust borrow checker explained" });
    const scattered = await link(owner.id, { title: "Checker of borrow rules in Rust" });
    const python = await link(owner.id, { title: "Python typing guide" });
    const go = await link(owner.id, { title: "Go typing guide" });
    expect(await found(owner.token, `q=${encodeURIComponent('"borrow checker"')}`)).toEqual([phrase]);
    // By relevance a phrase's window is read from the GIN index (not the saved_at walk): same answer.
    expect(await found(owner.token, `q=${encodeURIComponent('"borrow checker"')}&sort=relevance`)).toEqual([phrase]);
    // A phrase whose words English stems ("query" → "queri").
    const stemmed = await link(owner.id, { title: "xyz query plan reads index", description: "Some words about it" });
    expect(await found(owner.token, `q=${encodeURIComponent('"query plan"')}`)).toEqual([stemmed]);
    expect(await found(owner.token, `q=${encodeURIComponent('"query plan"')}&sort=relevance`)).toEqual([stemmed]);
    expect((await found(owner.token, "q=borrow checker")).sort()).toEqual([phrase, scattered].sort());
    expect(await found(owner.token, `q=${encodeURIComponent("typing -python")}`)).toEqual([go]);
    expect((await found(owner.token, `q=${encodeURIComponent("python OR rust")}`)).sort()).toEqual([phrase, scattered, python].sort());
  });

  it("searches tags, description, summary, notes and the page's text", async () => {
    const owner = await user();
    const tagged = await link(owner.id, { title: "One", tags: ["zeppelin"] });
    const described = await link(owner.id, { title: "Two", description: "All about the quokka" });
    const summarised = await link(owner.id, { title: "Three", summary: "The axolotl regrows limbs" });
    const texted = await link(owner.id, { title: "Four", text: "Deep in the page: narwhal." });
    const noted = await link(owner.id, { title: "Five" });
    expect(await found(owner.token, "q=zeppelin")).toEqual([tagged]);
    expect(await found(owner.token, "q=quokka")).toEqual([described]);
    expect(await found(owner.token, "q=axolotl")).toEqual([summarised]);
    expect(await found(owner.token, "q=narwhal")).toEqual([texted]);
    // The page's text counts up to its first 20,000 characters (indexing whole pages halved the
    // worker's throughput); the summary and the rest stay whole.
    const long = await link(owner.id, { title: "Six", text: `${"filler words here. ".repeat(1_100)} beyond the bound: okapi.`, summary: "A long page" });
    expect(await found(owner.token, "q=okapi")).toEqual([]);
    await db().updateTable("links").set({ summary: "A long page about the okapi" }).where("id", "=", long).execute();
    expect(await found(owner.token, "q=okapi")).toEqual([long]);
    expect(await found(owner.token, "q=pangolin")).toEqual([]);
    // Notes set through the API are searchable at once, and shown in the snippet.
    const patched = await api<{ notes: string | null }>("PATCH", `/api/links/${noted}`, { token: owner.token, body: { notes: "Remember the pangolin talk" } });
    expect(patched.status).toBe(200);
    expect(patched.body.notes).toBe("Remember the pangolin talk");
    const hits = await list(owner.token, "q=pangolin");
    expect(hits.body.map((row) => row.id)).toEqual([noted]);
    expect(hits.body[0]!.highlight?.snippet).toBe("Remember the <mark>pangolin</mark> talk");
    expect((await api<{ notes: string | null }>("GET", `/api/links/${noted}`, { token: owner.token })).body.notes).toBe("Remember the pangolin talk");
    // The JSON export carries the notes (its import restores them), and never the search vector.
    const exported = await fetch(`${web.baseUrl}/api/links/export?format=json`, { headers: { Authorization: `Bearer ${owner.token}` } }).then((r) => r.text());
    const exportedLinks = (JSON.parse(exported) as { links: Array<Record<string, unknown>> }).links;
    expect(exportedLinks.find((row) => row.id === noted)?.notes).toBe("Remember the pangolin talk");
    expect(exported).not.toContain("search_vector");
    await api("PATCH", `/api/links/${noted}`, { token: owner.token, body: { notes: null } });
    expect(await found(owner.token, "q=pangolin")).toEqual([]);
  });

  it("stems each link in its own language: French and English", async () => {
    const owner = await user();
    const french = await link(owner.id, { title: "Les maisons anciennes de Lyon", text: "Nous avons visité des châteaux.", language: "fr" });
    const english = await link(owner.id, { title: "Running a marathon", text: "The runners were running.", language: "en" });
    const unknown = await link(owner.id, { title: "Houses of Lyon", language: null });
    // French stemming: the singular finds the plural, and "visiter" finds "visité".
    expect(await found(owner.token, "q=maison")).toEqual([french]);
    expect(await found(owner.token, "q=visiter")).toEqual([french]);
    // English stemming, and an English stop word in the query does not hide an English page.
    expect(await found(owner.token, "q=run")).toEqual([english]);
    expect(await found(owner.token, `q=${encodeURIComponent("the marathon")}`)).toEqual([english]);
    // A page in an unknown language is matched word for word.
    expect(await found(owner.token, "q=houses")).toEqual([unknown]);
    expect(await found(owner.token, "q=house")).toEqual([]);
    const hit = await list(owner.token, "q=maison");
    expect(hit.body[0]!.highlight?.title).toBe("Les <mark>maisons</mark> anciennes de Lyon");
  });

  it("escapes the page's markup in highlights", async () => {
    const owner = await user();
    await link(owner.id, { title: `<script>alert("x")</script> Exploit & co`, description: "An <img src=x onerror=alert(1)> exploit \uE000 here" });
    const hit = await list(owner.token, "q=exploit");
    expect(hit.body[0]!.highlight?.title).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>Exploit</mark> &amp; co");
    const snippet = hit.body[0]!.highlight?.snippet ?? "";
    expect(snippet).toContain("alert(1)&gt; <mark>exploit</mark>  here");
    // Only our own <mark> is markup; the private-use marker the text carried was dropped.
    expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>\uE000\uE001]/);
  });

  it("filters by tag, status, category, domain and saved date, with or without a search", async () => {
    const owner = await user();
    const a = await link(owner.id, { title: "Alpha guide", tags: ["rust", "cli"], category: "programming", savedAt: new Date("2026-01-10T12:00:00Z") }, "docs.rust.example");
    const b = await link(owner.id, { title: "Beta guide", tags: ["design"], category: "design", status: "error", savedAt: new Date("2026-02-10T12:00:00Z") }, "rust.example");
    const c = await link(owner.id, { title: "Gamma notes", tags: ["rust"], category: "programming", status: "unenriched", savedAt: new Date("2026-03-10T12:00:00Z") }, "notrust.example");
    expect(await found(owner.token, "tag=rust")).toEqual([c, a]);
    expect(await found(owner.token, "tag=rust&q=guide")).toEqual([a]);
    expect(await found(owner.token, "status=error")).toEqual([b]);
    expect(await found(owner.token, "status=unenriched")).toEqual([c]);
    expect(await found(owner.token, "category=programming")).toEqual([c, a]);
    // A domain is the host or a subdomain of it, not any host ending in the same letters.
    expect(await found(owner.token, "domain=rust.example")).toEqual([b, a]);
    expect(await found(owner.token, "domain=DOCS.rust.example")).toEqual([a]);
    // `to` takes the whole day; `from` starts at the day's first instant.
    expect(await found(owner.token, "from=2026-02-10&to=2026-03-10")).toEqual([c, b]);
    expect(await found(owner.token, "to=2026-02-09")).toEqual([a]);
    expect(await found(owner.token, "from=2026-02-10T12:00:01Z")).toEqual([c]);
    // Empty parameters count as not given, as a form with blank fields sends them.
    expect(await found(owner.token, "q=&tag=&status=&category=&domain=&from=&to=")).toEqual([c, b, a]);
    // The same filter picks "select all matching" for bulk actions.
    expect(await listMatchingLinkIds(db(), { userId: owner.id, filter: { tag: "rust", q: "guide OR notes" }, limit: 10 })).toEqual([c, a]);
    expect(await listMatchingLinkIds(db(), { userId: owner.id, filter: {}, limit: 2 })).toEqual([c, b]);
  });

  it("pages through results with the cursor, by date and by relevance", async () => {
    const owner = await user();
    const ids: string[] = [];
    // Ranks differ (more mentions rank higher) and some tie, so the cursor's id tie-break counts.
    for (let i = 0; i < 7; i++) ids.push(await link(owner.id, { title: `Paging ${i}`, description: `${"lantern ".repeat(1 + (i % 3))}end` }));
    await link(owner.id, { title: "No match" });
    for (const sort of ["date", "relevance"]) {
      const all = await found(owner.token, `q=lantern&sort=${sort}&limit=100`);
      expect(all.sort()).toEqual([...ids].sort());
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const response: Awaited<ReturnType<typeof list>> = await list(owner.token, `q=lantern&sort=${sort}&limit=3${cursor ? `&before=${cursor}` : ""}`);
        expect(response.status).toBe(200);
        paged.push(...response.body.map((row) => row.id));
        cursor = response.headers.get("x-next-cursor");
      } while (cursor);
      expect(paged).toEqual(await found(owner.token, `q=lantern&sort=${sort}&limit=100`));
    }
    // Relevance orders by rank: a link whose description mentions the word three times before one mentioning it once.
    const ranked = await found(owner.token, "q=lantern&sort=relevance&limit=100");
    expect(ranked.indexOf(ids[2]!)).toBeLessThan(ranked.indexOf(ids[0]!));
    // A date cursor is not a relevance cursor.
    const first = await list(owner.token, "q=lantern&limit=3");
    expect((await list(owner.token, `q=lantern&sort=relevance&before=${first.headers.get("x-next-cursor")}`)).status).toBe(400);
  });

  it(`ranks the newest ${RANKED_MATCHES} matches by relevance, then lists the older ones newest first`, async () => {
    const owner = await user();
    // RANKED_MATCHES + 3 matches, one a second apart: in the page's text only (rank 0), except the
    // tenth newest (in its title) and the three oldest (in their titles too, but outside the window).
    const { rows } = await sql<{ id: string }>`
      insert into links (user_id, url, normalized_url, status, title, content_text, language, saved_at)
      select ${owner.id}::uuid, 'https://window.example/' || i, 'https://window.example/' || i, 'enriched',
        case when i = 10 or i > ${RANKED_MATCHES}::int then 'Heron sightings ' || i else 'Note ' || i end,
        'Birds by the river: a heron.', 'en', now() - i * interval '1 second'
      from generate_series(1, ${RANKED_MATCHES + 3}::int) i
      order by i
      returning id`.execute(db());
    const newestFirst = rows.map((row) => row.id);
    const inWindow = newestFirst.slice(0, RANKED_MATCHES);
    // The title match in the window first, the window's text-only matches newest first, then the
    // three oldest, unranked though their titles match, newest first.
    const expected = [inWindow[9], ...inWindow.filter((_, i) => i !== 9), ...newestFirst.slice(RANKED_MATCHES)];
    // Pages of 101 and of 200 both have a page that starts in the window and ends past it.
    for (const limit of [101, 200]) {
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const response: Awaited<ReturnType<typeof list>> = await list(owner.token, `q=heron&sort=relevance&limit=${limit}${cursor ? `&before=${cursor}` : ""}`);
        expect(response.status).toBe(200);
        paged.push(...response.body.map((row) => row.id));
        cursor = response.headers.get("x-next-cursor");
      } while (cursor);
      expect(paged).toEqual(expected);
    }
  });

  it("never shows another user's links, or deleted ones", async () => {
    const owner = await user();
    const other = await user();
    const mine = await link(owner.id, { title: "Shared word ocelot" });
    await link(other.id, { title: "Their ocelot" });
    const gone = await link(owner.id, { title: "Deleted ocelot" });
    await api("DELETE", `/api/links/${gone}`, { token: owner.token });
    expect(await found(owner.token, "q=ocelot")).toEqual([mine]);
    expect(await listMatchingLinkIds(db(), { userId: owner.id, filter: { q: "ocelot" }, limit: 10 })).toEqual([mine]);
    expect((await api("PATCH", `/api/links/${mine}`, { token: other.token, body: { notes: "mine now" } })).status).toBe(404);
  });

  it("answers 400 with a message for a bad parameter or notes", async () => {
    const owner = await user();
    const id = await link(owner.id, { title: "x" });
    const cases: Array<[string, string]> = [
      ["status=done", "status must be one of pending, enriched, error, unenriched"],
      ["sort=popular", "sort must be date or relevance"],
      ["domain=http://x.example/", "domain must be a host name like example.com"],
      ["from=yesterday", "from must be a date (YYYY-MM-DD) or a date-time with its offset (2026-01-31T18:00:00Z)"],
      ["from=2026-03-01&to=2026-02-01", "from must be before to"],
      [`q=${"x".repeat(501)}`, "q is too long (500 characters at most)"],
      ["category=cooking", expect.stringMatching(/^category must be one of /) as unknown as string],
      ["q=x&sort=relevance&before=bm9wZQ", "before must be the cursor of the previous page"],
    ];
    for (const [query, message] of cases) {
      const response = await list(owner.token, query);
      expect({ query, status: response.status, body: response.body }).toEqual({ query, status: 400, body: { message } });
    }
    const long = await api("PATCH", `/api/links/${id}`, { token: owner.token, body: { notes: "n".repeat(10_001) } });
    expect(long).toMatchObject({ status: 400, body: { message: "Notes are too long (10,000 characters at most)." } });
    expect(await api("PATCH", `/api/links/${id}`, { token: owner.token, body: { notes: 5 } })).toMatchObject({ status: 400, body: { message: "notes must be text (or null to remove them)" } });
  });
});
