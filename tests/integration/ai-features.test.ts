import { setTimeout as sleep } from "node:timers/promises";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";

// Quiz, rephrasing, course, advanced summary, exports and preferences, produced by a real
// worker with the local engine.
let pipeline: Awaited<ReturnType<typeof startPipeline>>;
let api: typeof pipeline.api;

beforeAll(async () => {
  pipeline = await startPipeline({ "/postgres": html(fixture("postgres-indexes.html")) });
  api = pipeline.api;
}, 120_000);

afterAll(() => pipeline?.stop());

async function userWithLink(role: "FreeUser" | "LiteUser" | "ProUser") {
  const { token, id: userId } = await signUpAs(api, role);
  const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pipeline.pages.url("/postgres") } });
  const link = await waitForLink(api, token, added.body.id);
  expect(link.status).toBe("enriched");
  return { token, linkId: link.id, userId };
}

type Artifact = { id: string; kind: string; variant: string; status: string; error: string | null; result: Record<string, unknown> | null };

async function waitForArtifact(token: string, linkId: string, kind: string, variant = ""): Promise<Artifact> {
  for (let i = 0; i < 200; i++) {
    const { body } = await api<{ artifacts: Artifact[] }>("GET", `/api/links/${linkId}/enrichment`, { token });
    const found = body.artifacts.find((a) => a.kind === kind && a.variant === variant);
    if (found && found.status !== "pending") return found;
    await sleep(50);
  }
  throw new Error(`${kind} never finished`);
}

describe("plan gates", () => {
  it("refuses a quiz, a course, rephrasing and exports to a Free user with the upgrade URL", async () => {
    const { token, linkId } = await userWithLink("FreeUser");
    const quiz = await api("POST", `/api/links/${linkId}/quiz`, { token, body: {} });
    expect(quiz.status).toBe(403);
    expect(quiz.body).toMatchObject({ upgradeUrl: "/upgrade?feature=quizGenerator" });
    expect((await api("POST", `/api/links/${linkId}/rephrase`, { token, body: { level: "beginner" } })).body).toMatchObject({
      upgradeUrl: "/upgrade?feature=summaryRephrasing",
    });
    expect((await api("POST", `/api/links/${linkId}/course`, { token, body: {} })).status).toBe(403);
    expect((await api("POST", `/api/links/${linkId}/advanced`, { token, body: {} })).status).toBe(403);
    const md = await fetch(`${pipeline.web.baseUrl}/api/links/${linkId}/export.md`, { headers: { Authorization: `Bearer ${token}` } });
    expect(md.status).toBe(403);
    expect((await api("PUT", "/api/preferences", { token, body: { summaryLength: "long", language: null, difficulty: "expert" } })).status).toBe(403);
  });

  it("gives Scout the advanced summary but not the quiz", async () => {
    const { token, linkId } = await userWithLink("LiteUser");
    expect((await api("POST", `/api/links/${linkId}/advanced`, { token, body: {} })).status).toBe(202);
    const advanced = await waitForArtifact(token, linkId, "advanced");
    expect(advanced.status).toBe("ready");
    expect((advanced.result as { keyPoints: string[] }).keyPoints.length).toBeGreaterThanOrEqual(3);
    expect((await api("POST", `/api/links/${linkId}/quiz`, { token, body: {} })).status).toBe(403);
  });
});

describe("tag suggestions", () => {
  it("offers Scout more tags to accept or dismiss, and Free users none", async () => {
    const scout = await userWithLink("LiteUser");
    type Detail = { tags: string[]; tagSuggestions: string[] };
    const before = (await api<Detail>("GET", `/api/links/${scout.linkId}`, { token: scout.token })).body;
    expect(before.tagSuggestions.length).toBeGreaterThanOrEqual(2);
    const [keep, drop] = before.tagSuggestions;
    const after = await api<Detail>("POST", `/api/links/${scout.linkId}/tags`, { token: scout.token, body: { accept: [keep], dismiss: [drop] } });
    // An accepted suggestion is the user's own tag: the user's come first (decision 040).
    expect(after.body.tags).toEqual([keep, ...before.tags]);
    expect(after.body.tagSuggestions).not.toContain(keep);
    expect(after.body.tagSuggestions).not.toContain(drop);
    const unknown = await api("POST", `/api/links/${scout.linkId}/tags`, { token: scout.token, body: { accept: ["not-suggested"] } });
    expect(unknown.status).toBe(400);

    const free = await userWithLink("FreeUser");
    expect((await api<Detail>("GET", `/api/links/${free.linkId}`, { token: free.token })).body.tagSuggestions).toEqual([]);
  });
});

describe("code snippets", () => {
  it("extracts code for Scout, as the pricing page sells it, and for Free users none", async () => {
    type Detail = { codeSnippets: Array<{ language: string; code: string }> };
    const scout = await userWithLink("LiteUser");
    const scoutDetail = (await api<Detail>("GET", `/api/links/${scout.linkId}`, { token: scout.token })).body;
    expect(scoutDetail.codeSnippets.map((c) => c.language)).toEqual(["sql", "sql"]);

    const free = await userWithLink("FreeUser");
    expect((await api<Detail>("GET", `/api/links/${free.linkId}`, { token: free.token })).body.codeSnippets).toEqual([]);
    const enrichment = await api<{ link: Detail }>("GET", `/api/links/${free.linkId}/enrichment`, { token: free.token });
    expect(enrichment.body.link.codeSnippets).toEqual([]);
  });
});

describe("Creator results", () => {
  it("makes a quiz once, serves it again without another enrichment, and regenerates on request", async () => {
    const { token, linkId, userId } = await userWithLink("ProUser");
    const queued = await api<Artifact>("POST", `/api/links/${linkId}/quiz`, { token, body: {} });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ kind: "quiz", status: "pending" });
    const quiz = await waitForArtifact(token, linkId, "quiz");
    expect(quiz.status).toBe("ready");
    expect((quiz.result as { questions: unknown[] }).questions).toHaveLength(5);

    const usage = async () => (await db().selectFrom("enrichment_usage").select("kind").where("user_id", "=", userId).execute()).map((r) => r.kind);
    expect(await usage()).toEqual(["link", "quiz"]);
    const again = await api<Artifact>("POST", `/api/links/${linkId}/quiz`, { token, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(quiz.id);
    expect(await usage()).toEqual(["link", "quiz"]);

    expect((await api("POST", `/api/links/${linkId}/quiz`, { token, body: { regenerate: true } })).status).toBe(202);
    expect((await waitForArtifact(token, linkId, "quiz")).status).toBe("ready");
    expect((await usage()).sort()).toEqual(["link", "quiz", "quiz"]);
  });

  it("rephrases per level and builds a course; bad levels are refused", async () => {
    const { token, linkId } = await userWithLink("ProUser");
    expect((await api("POST", `/api/links/${linkId}/rephrase`, { token, body: { level: "genius" } })).status).toBe(400);
    await api("POST", `/api/links/${linkId}/rephrase`, { token, body: { level: "beginner" } });
    await api("POST", `/api/links/${linkId}/course`, { token, body: {} });
    const beginner = await waitForArtifact(token, linkId, "rephrase", "beginner");
    expect((beginner.result as { text: string }).text).toContain("Words to know");
    const course = await waitForArtifact(token, linkId, "course");
    expect((course.result as { lessons: unknown[] }).lessons.length).toBeGreaterThanOrEqual(3);
  });

  it("exports Markdown and a real PDF with the summary, tags, key points, code and quiz", async () => {
    const { token, linkId } = await userWithLink("ProUser");
    await api("POST", `/api/links/${linkId}/quiz`, { token, body: {} });
    await api("POST", `/api/links/${linkId}/advanced`, { token, body: {} });
    const quiz = await waitForArtifact(token, linkId, "quiz");
    const advanced = await waitForArtifact(token, linkId, "advanced");
    const link = (await api<{ link: { summary: string; tags: string[] } }>("GET", `/api/links/${linkId}/enrichment`, { token })).body.link;
    const firstQuestion = (quiz.result as { questions: Array<{ question: string }> }).questions[0]!.question;
    const keyPoint = (advanced.result as { keyPoints: string[] }).keyPoints[0]!;

    const md = await fetch(`${pipeline.web.baseUrl}/api/links/${linkId}/export.md`, { headers: { Authorization: `Bearer ${token}` } });
    expect(md.headers.get("content-type")).toMatch(/text\/markdown/);
    expect(md.headers.get("content-disposition")).toMatch(/how-postgres-indexes-work\.md/);
    const text = await md.text();
    expect(text).toContain("# How Postgres Indexes Work");
    expect(text).toContain(link.summary);
    expect(text).toContain(`#${link.tags[0]}`);
    expect(text).toContain(keyPoint);
    expect(text).toContain("```sql\nCREATE INDEX links_user_saved_idx");
    expect(text).toContain(firstQuestion);

    const pdf = await fetch(`${pipeline.web.baseUrl}/api/links/${linkId}/export.pdf`, { headers: { Authorization: `Bearer ${token}` } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const document = await getDocument({ data: bytes, useSystemFonts: true }).promise;
    let pdfText = "";
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      pdfText += content.items.map((item) => ("str" in item ? item.str : "")).join(" ") + " ";
    }
    const squash = (s: string) => s.replace(/\s+/g, "");
    expect(squash(pdfText)).toContain(squash("How Postgres Indexes Work"));
    expect(squash(pdfText)).toContain(squash(link.summary.slice(0, 60)));
    expect(squash(pdfText)).toContain(squash("CREATE INDEX links_user_saved_idx"));
    expect(squash(pdfText)).toContain(squash(firstQuestion.slice(0, 40)));
  });

  it("keeps content preferences and uses them for later enrichments", async () => {
    const { token } = await userWithLink("ProUser");
    expect((await api("GET", "/api/preferences", { token })).body).toEqual({ summaryLength: "medium", language: null, difficulty: "intermediate" });
    const saved = await api("PUT", "/api/preferences", { token, body: { summaryLength: "short", language: "fr", difficulty: "beginner" } });
    expect(saved.body).toEqual({ summaryLength: "short", language: "fr", difficulty: "beginner" });
    expect((await api("PUT", "/api/preferences", { token, body: { summaryLength: "huge", language: null, difficulty: "beginner" } })).status).toBe(400);
    const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: `${pipeline.pages.url("/postgres")}?again=1` } });
    const link = await waitForLink(api, token, added.body.id);
    const detail = (await api<{ summary: string }>("GET", `/api/links/${link.id}`, { token })).body;
    expect(detail.summary.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(2);
  });
});

describe("upgrades reach earlier links", () => {
  type Detail = {
    enrichedAt: string;
    codeSnippets: Array<{ language: string; code: string }>;
    tagSuggestions: string[];
    enrichedWith: { plan: string; features: string[] } | null;
  };
  type Earlier = { plan: string; features: string[]; behind: number; waiting: number; queued?: number };
  const UPGRADE = "/api/links/enrichments/upgrade";

  async function waitForDetail(token: string, linkId: string, done: (detail: Detail) => boolean): Promise<Detail> {
    for (let i = 0; i < 300; i++) {
      const { body } = await api<Detail>("GET", `/api/links/${linkId}`, { token });
      if (done(body)) return body;
      await sleep(50);
    }
    throw new Error("the link was never enriched again");
  }

  it("enriches a link saved on Free again with the new plan's features, once, without counting it again", async () => {
    const { token, linkId, userId } = await userWithLink("FreeUser");
    const before = (await api<Detail>("GET", `/api/links/${linkId}`, { token })).body;
    expect(before.codeSnippets).toEqual([]);
    expect(before.enrichedWith).toEqual({ plan: "FreeUser", features: [] });
    // On Free nothing is behind: the plan has nothing more to give.
    expect((await api<Earlier>("GET", UPGRADE, { token })).body).toEqual({ plan: "FreeUser", features: [], behind: 0, waiting: 0 });

    // The upgrade, as the subscription writes it.
    await db().updateTable("users").set({ role: "LiteUser" }).where("id", "=", userId).execute();
    expect((await api<Earlier>("GET", UPGRADE, { token })).body).toEqual({ plan: "LiteUser", features: ["tagSuggestions", "codeSnippets"], behind: 1, waiting: 0 });
    const bad = await api<{ message: string }>("POST", UPGRADE, { token, body: { dryRun: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/dryRun/);
    expect((await api("POST", UPGRADE, { token, body: { everything: true } })).status).toBe(400);
    expect((await api<Earlier>("POST", UPGRADE, { token, body: { dryRun: true } })).body).toMatchObject({ behind: 1, queued: 0 });

    const first = await api<Earlier>("POST", UPGRADE, { token, body: {} });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ queued: 1, behind: 0 });
    // Pressed again, nothing new is queued (whether the first run is done or still waiting).
    expect((await api<Earlier>("POST", UPGRADE, { token })).body).toMatchObject({ queued: 0, behind: 0 });

    const after = await waitForDetail(token, linkId, (detail) => detail.enrichedWith?.plan === "LiteUser");
    expect(after.enrichedWith).toEqual({ plan: "LiteUser", features: ["tagSuggestions", "codeSnippets"] });
    expect(after.codeSnippets.map((c) => c.language)).toEqual(["sql", "sql"]);
    expect(after.tagSuggestions.length).toBeGreaterThanOrEqual(2);
    expect(Date.parse(after.enrichedAt)).toBeGreaterThan(Date.parse(before.enrichedAt));
    // Counted once, when it was first enriched.
    expect(await db().selectFrom("enrichment_usage").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);
    expect((await api("GET", "/api/usage", { token })).body).toMatchObject({ used: 1 });
    expect((await api<Earlier>("GET", UPGRADE, { token })).body).toMatchObject({ behind: 0, waiting: 0 });
    // The export carries what the new plan made, and says with what.
    const exported = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=json`, { headers: { Authorization: `Bearer ${token}` } });
    const [row] = ((await exported.json()) as { links: Array<{ code_snippets: unknown[]; enriched_with: unknown }> }).links;
    expect(row).toMatchObject({ code_snippets: after.codeSnippets, enriched_with: after.enrichedWith });
  });
});
