import { readdirSync } from "node:fs";
import { sql } from "kysely";
import { setTimeout as sleep } from "node:timers/promises";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePath, type OpenApiDocument } from "~/server/api/openapi.server";
import { UNDOCUMENTED_ROUTES } from "~/server/api/routes.server";
import { payTestCheckout } from "~/server/billing/test-checkout.server";
import { db } from "~/server/platform/db.server";
import { waitForMail } from "../helpers/outbox";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline } from "../helpers/pipeline";

// The OpenAPI document covers every app/routes/api.* file, every call says what it answers, and
// real answers — a user's whole journey through a real web server and worker — validate against
// the schemas it publishes (with a JSON Schema 2020-12 validator, as OpenAPI 3.1 specifies).
let pipeline: Awaited<ReturnType<typeof startPipeline>>;
let document: OpenApiDocument;
let ajv: Ajv2020;

type Answer = { description: string; content?: Record<string, { schema?: unknown }> };
type Operation = { responses: Record<string, Answer> };
type Method = "get" | "post" | "put" | "patch" | "delete";

beforeAll(async () => {
  // The journey makes more than a hundred calls with one token, and waits by asking again: the
  // per-token limit (120 a minute, tested in rate-limits.test.ts) is raised so a slow machine's
  // extra polls do not turn an answer into a 429. API_TOKEN_RATE_LIMIT itself: RATE_LIMIT_MULTIPLIER
  // scales the other limits, not the token's (takeTokenBudget), and a loaded machine still got 429s.
  pipeline = await startPipeline(
    { "/article": html(fixture("postgres-indexes.html")), "/hooks": html(fixture("react-hooks.html")), "/feed.xml": html(`<?xml version="1.0"?><rss version="2.0"><channel><title>Journey</title><link>http://example.com/</link></channel></rss>`, "application/rss+xml") },
    { webEnv: { RATE_LIMIT_MULTIPLIER: "10", API_TOKEN_RATE_LIMIT: "1200" } },
  );
  const served = await pipeline.api<OpenApiDocument>("GET", "/api/openapi.json");
  expect(served.status).toBe(200);
  document = served.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi", components: document.components }, "openapi");
}, 120_000);
afterAll(() => pipeline?.stop());

function operationOf(path: string, method: Method): Operation {
  const op = (document.paths[path] as Record<string, Operation> | undefined)?.[method];
  expect(op, `${method.toUpperCase()} ${path} is in the document`).toBeDefined();
  return op!;
}

const compiled = new Map<string, ValidateFunction>();
function validatorFor(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/');
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile({ $schema: "https://json-schema.org/draft/2020-12/schema", ...(JSON.parse(text) as object) });
    compiled.set(text, validate);
  }
  return validate;
}

/** The operations a real 2xx answer was checked for: `get /api/links/{id}`. */
const checked = new Set<string>();

/**
 * Validates an answer against the document's schema for that call and status (a 4xx against
 * the shared error answer), and records a 2xx as covered.
 */
function expectValid(method: Method, path: string, status: number, body: unknown) {
  const { responses } = operationOf(path, method);
  const answer = responses[String(status)] ?? (status >= 400 && status < 500 ? responses["4XX"] : undefined);
  const schema = answer?.content?.["application/json"]?.schema;
  expect(schema, `${method.toUpperCase()} ${path} ${status} has a JSON schema in the document`).toBeDefined();
  const validate = validatorFor(schema);
  expect(validate(body), `${method.toUpperCase()} ${path} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`).toBe(true);
  if (status < 300) checked.add(`${method} ${path}`);
}

/**
 * Calls the API and checks the answer: `template` is the document's path (`/api/links/{id}`),
 * `params` fill it in, `query` is added as it is. Fails unless the status is `expected`.
 */
async function call<T = Record<string, unknown>>(
  method: Method,
  template: string,
  expected: number,
  { params = {}, query = "", token, body }: { params?: Record<string, string>; query?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
  const request = (operationOf(template, method) as Operation & { requestBody?: { content: Record<string, { schema: unknown }> } }).requestBody;
  if (request && expected < 300) {
    // What we send is what the document says the call takes.
    const validate = validatorFor(request.content["application/json"]!.schema);
    expect(validate(body), `${method.toUpperCase()} ${template} request: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  const response = await pipeline.api<T>(method.toUpperCase(), `${path}${query}`, { token, body });
  expect(response.status, `${method.toUpperCase()} ${path}${query}: ${JSON.stringify(response.body)}`).toBe(expected);
  if (response.status === 204) {
    expect(operationOf(template, method).responses["204"], `${method.toUpperCase()} ${template} documents its 204`).toBeDefined();
    checked.add(`${method} ${template}`);
  } else expectValid(method, template, response.status, response.body);
  return response.body;
}

/** A download or stream: the status, and a content type the document lists for it. */
async function expectFile(template: string, url: string, token: string, mediaType: string) {
  const controller = new AbortController();
  const response = await fetch(`${pipeline.web.baseUrl}${url}`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")?.split(";")[0]).toBe(mediaType);
  expect(Object.keys(operationOf(template, "get").responses["200"]!.content ?? {}), `${template} lists ${mediaType}`).toContain(mediaType);
  if (mediaType === "text/event-stream") controller.abort();
  else await response.arrayBuffer();
  checked.add(`get ${template}`);
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms (last: ${JSON.stringify(value).slice(0, 500)})`);
    await sleep(100);
  }
}

const emailOf = async (id: string) => (await db().selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with every api.* route file in it (a missing one is named)", () => {
    expect(document.openapi).toBe("3.1.0");
    const files = readdirSync("app/routes").filter((file) => /^api\..+\.tsx?$/.test(file) && !UNDOCUMENTED_ROUTES.includes(file));
    expect(files.length).toBeGreaterThan(50);
    const missing = files.filter((file) => !document.paths[routePath(file)] || Object.keys(document.paths[routePath(file)]!).length === 0);
    expect(missing, `Register these routes in app/server/api/routes.server.ts: ${missing.join(", ")}`).toEqual([]);
  });

  it("says what every call answers: a 2xx with content or an explicit 204, and the shared error (an operation without is named)", () => {
    const silent: string[] = [];
    const noErrors: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
        const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
        const described = success.some(([status, answer]) => status === "204" || Object.keys(answer.content ?? {}).length > 0);
        if (!described) silent.push(`${method.toUpperCase()} ${path}`);
        if ((op.responses["4XX"]?.content?.["application/json"]?.schema as { $ref?: string } | undefined)?.$ref !== "#/components/schemas/Error") noErrors.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(silent, `Give these operations their answers (responses) in app/server/api/routes.server.ts: ${silent.join(", ")}`).toEqual([]);
    expect(noErrors).toEqual([]);
    expect(document.components.schemas.Error).toMatchObject({ required: ["message"] });
  });

  it("derives each path from its route file name", () => {
    expect(routePath("api.links.$id.export[.]md.ts")).toBe("/api/links/{id}/export.md");
    expect(routePath("api.webhooks.$id.[test].ts")).toBe("/api/webhooks/{id}/test");
    expect(routePath("api.admin.jobs.queues.$queue.pause.ts")).toBe("/api/admin/jobs/queues/{queue}/pause");
    expect(routePath("api.openapi[.]json.ts")).toBe("/api/openapi.json");
  });

  it("describes requests with the routes' own schemas, files by media type, and every reference resolves", () => {
    const post = document.paths["/api/tokens"]!.post as { requestBody: { content: Record<string, { schema: { $ref: string } }> } };
    expect(post.requestBody.content["application/json"]!.schema.$ref).toBe("#/components/schemas/CreateApiToken");
    expect(document.components.schemas.CreateApiToken).toMatchObject({ required: ["name"], properties: { scopes: { items: { enum: ["read", "write"] } } } });
    expect(Object.keys(operationOf("/api/links/export", "get").responses["200"]!.content!)).toEqual(["application/json", "text/html", "application/zip"]);
    expect(Object.keys(operationOf("/api/events", "get").responses["200"]!.content!)).toEqual(["text/event-stream"]);
    expect(operationOf("/api/links/{id}/share", "delete").responses["204"]).toEqual({ description: "No content" });
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(document.components.schemas[ref], ref).toBeDefined();
  });
});

describe("real answers validate against the document", () => {
  let session: string;
  let token: string;
  let userId: string;
  let email: string;
  let linkId: string;
  let failedId: string;
  let other: { token: string; id: string; email: string };
  let admin: string;

  it("signing up and in, the account, tokens and sessions", async () => {
    email = `openapi-${Date.now()}@example.com`;
    const registered = await call<{ token: string; user: { id: string } }>("post", "/api/auth/register", 201, { body: { email, password: "secret-pass" } });
    userId = registered.user.id;
    await db().updateTable("users").set({ role: "ProUser" }).where("id", "=", userId).execute();
    session = registered.token;
    const { link } = await waitForMail(email, /Confirm your email/);
    await call("post", "/api/auth/confirm-email", 200, { body: { userId, token: link!.searchParams.get("token") } });

    const created = await call<{ token: string; apiToken: { id: string } }>("post", "/api/tokens", 201, { token: session, body: { name: "Docs", scopes: ["read", "write"], expiresInDays: 30 } });
    token = created.token;
    await call("get", "/api/tokens", 200, { token: session });
    const spare = await call<{ apiToken: { id: string } }>("post", "/api/tokens", 201, { token: session, body: { name: "Spare", scopes: ["read"] } });
    await call("delete", "/api/tokens/{id}", 200, { params: { id: spare.apiToken.id }, token: session });
    // An old sign-in is refused what wants a recent one (403 with reauthenticateUrl); the password renews it.
    await sql`update auth_sessions set authenticated_at = now() - interval '1 day' where user_id = ${userId}`.execute(db());
    await call("get", "/api/account/sessions", 403, { token: session });
    await call("post", "/api/account/reauthenticate", 200, { token: session, body: { password: "secret-pass" } });

    const second = await call<{ token: string }>("post", "/api/auth/login", 200, { body: { email, password: "secret-pass" } });
    await call("get", "/api/auth/me", 200, { token: second.token });
    await call("post", "/api/auth/logout", 200, { token: second.token });
    const third = await call<{ token: string }>("post", "/api/auth/login", 200, { body: { email, password: "secret-pass" } });
    const { sessions } = await call<{ sessions: Array<{ id: string; current: boolean }> }>("get", "/api/account/sessions", 200, { token: third.token });
    const theirs = sessions.find((s) => s.current)!;
    await call("delete", "/api/account/sessions/{id}", 200, { params: { id: theirs.id }, token: session });
    await call("get", "/api/preferences", 200, { token });
    await call("put", "/api/preferences", 200, { token, body: { summaryLength: "short", language: "en", difficulty: "beginner" } });
    await call("get", "/api/usage", 200, { token });

    // A second account goes through the mailed links, the password, and deletion.
    const signed = await signUpAs(pipeline.api, "FreeUser");
    other = { ...signed, email: await emailOf(signed.id) };
    // The sign-up's link was mailed a moment ago; a resend waits a minute.
    await waitForMail(other.email, /Confirm your email/);
    await sql`update email_tokens set created_at = now() - interval '2 minutes' where user_id = ${other.id}`.execute(db());
    await call("post", "/api/auth/send-confirmation", 200, { token: other.token });
    await call("put", "/api/auth/profile", 200, { token: other.token, body: { currentPassword: "secret-pass", newPassword: "second-pass" } });
    other.token = (await call<{ token: string }>("post", "/api/auth/login", 200, { body: { email: other.email, password: "second-pass" } })).token;
    const nextEmail = `openapi-next-${Date.now()}@example.com`;
    await call("put", "/api/auth/profile", 202, { token: other.token, body: { email: nextEmail, currentPassword: "second-pass" } });
    const asked = await waitForMail(nextEmail, /Confirm your new email/);
    await call("post", "/api/account/email/confirm", 200, { body: { token: asked.link!.searchParams.get("token") } });
    other.email = nextEmail;
    await call("post", "/api/account/email", 202, { token: other.token, body: { newEmail: `openapi-later-${Date.now()}@example.com`, password: "second-pass" } });
    await call("post", "/api/auth/request-password-reset", 200, { body: { email: other.email } });
    const reset = await waitForMail(other.email, /Reset your/);
    await call("post", "/api/auth/reset-password", 200, { body: { email: other.email, token: reset.link!.searchParams.get("token"), newPassword: "third-pass" } });
    other.token = (await call<{ token: string }>("post", "/api/auth/login", 200, { body: { email: other.email, password: "third-pass" } })).token;
    await call("post", "/api/account/password", 200, { token: other.token, body: { currentPassword: "third-pass", newPassword: "fourth-pass" } });
    await call("delete", "/api/account/sessions", 200, { token: other.token });
    await call("post", "/api/notify-signup", 200, { body: { email: other.email, plans: ["scout", "creator"] } });
  });

  it("links: adding, enriching, on-demand results, sharing, deleting, exports", async () => {
    const added = await call<{ id: string }>("post", "/api/links", 201, { token, body: { url: pipeline.pages.url("/article") } });
    linkId = added.id;
    await call("post", "/api/links", 200, { token, body: { url: pipeline.pages.url("/article") } });
    await call("post", "/api/links/enrich", 201, { token, body: { url: pipeline.pages.url("/hooks") } });
    await call("get", "/api/links/preview", 200, { token, query: `?url=${encodeURIComponent(pipeline.pages.url("/hooks"))}` });
    await call("get", "/api/links", 200, { token, query: "?limit=10" });
    await until("the link is enriched", () => call<{ status: string }>("get", "/api/links/{id}", 200, { params: { id: linkId }, token }), (link) => link.status !== "pending");
    expect((await call<{ status: string }>("get", "/api/links/{id}", 200, { params: { id: linkId }, token })).status).toBe("enriched");
    await call("post", "/api/links/{id}/tags", 200, { params: { id: linkId }, token, body: { accept: [], dismiss: [] } });
    await call("put", "/api/links/{id}/tags", 200, { params: { id: linkId }, token, body: { tags: ["Reading list", "to-read"] } });
    await call("get", "/api/tags", 200, { token });
    await call("post", "/api/tags/rename", 200, { token, body: { from: "to-read", to: "To read" } });
    const saved = await call<{ id: string }>("post", "/api/saved-searches", 201, { token, body: { name: "To read", query: "tag=To read" } });
    await call("get", "/api/saved-searches", 200, { token });
    await call("delete", "/api/saved-searches/{id}", 200, { params: { id: saved.id }, token });
    await call("put", "/api/preferences/view", 200, { token, body: { view: "cards" } });
    await call("get", "/api/preferences/view", 200, { token });
    await call("put", "/api/preferences/reader", 200, { token, body: { fontSize: "large", width: "wide" } });
    await call("get", "/api/preferences/reader", 200, { token });
    await call("put", "/api/links/{id}/reading-position", 200, { params: { id: linkId }, token, body: { progress: 0.25 } });
    await call("get", "/api/links/{id}/reading-position", 200, { params: { id: linkId }, token });
    const highlight = await call<{ id: string }>("post", "/api/links/{id}/highlights", 201, { params: { id: linkId }, token, body: { exact: "indexes", prefix: "", suffix: "", start: 0, note: "A note" } });
    await call("get", "/api/links/{id}/highlights", 200, { params: { id: linkId }, token });
    await call("put", "/api/links/{id}/highlights/sharing", 200, { params: { id: linkId }, token, body: { show: false } });
    await call("patch", "/api/highlights/{id}", 200, { params: { id: highlight.id }, token, body: { colour: "blue" } });
    await call("get", "/api/highlights/{id}", 200, { params: { id: highlight.id }, token });
    await call("get", "/api/highlights", 200, { token, query: "?q=note" });
    await call("delete", "/api/highlights/{id}", 204, { params: { id: highlight.id }, token });
    await call("get", "/api/links/stats", 200, { token });
    expect((await call<{ count: number }>("get", "/api/links/count", 200, { token, query: "?status=enriched" })).count).toBeGreaterThanOrEqual(1);

    for (const kind of ["advanced", "quiz", "course"]) await call("post", `/api/links/{id}/${kind}`, 202, { params: { id: linkId }, token, body: {} });
    await call("post", "/api/links/{id}/rephrase", 202, { params: { id: linkId }, token, body: { level: "beginner" } });
    await until(
      "every on-demand result is ready",
      () => call<{ artifacts: Array<{ status: string }> }>("get", "/api/links/{id}/enrichment", 200, { params: { id: linkId }, token }),
      ({ artifacts }) => artifacts.length === 4 && artifacts.every((artifact) => artifact.status !== "pending"),
      60_000,
    );
    const enrichment = await call<{ artifacts: Array<{ status: string; result: unknown }> }>("get", "/api/links/{id}/enrichment", 200, { params: { id: linkId }, token });
    expect(enrichment.artifacts.map((artifact) => artifact.status)).toEqual(["ready", "ready", "ready", "ready"]);
    await call("post", "/api/links/{id}/advanced", 200, { params: { id: linkId }, token, body: {} });
    // Spaced review (decision 068): cards from a highlight, the quiz and a key term; a grade; the history.
    // With the sign-in session: the API token's per-minute limit is the journey's own budget.
    const passage = await call<{ id: string }>("post", "/api/links/{id}/highlights", 201, { params: { id: linkId }, token: session, body: { exact: "indexes", prefix: "B-tree ", suffix: " speed up", start: 0, note: "A hint" } });
    const card = await call<{ id: string }>("post", "/api/cards", 201, { token: session, body: { from: "highlight", highlightId: passage.id } });
    await call("post", "/api/cards", 201, { token: session, body: { from: "quiz", linkId, question: 0 } });
    await call("post", "/api/cards", 201, { token: session, body: { from: "term", linkId, term: "Index", definition: "A structure that finds rows without reading them all" } });
    await call("get", "/api/cards", 200, { token: session, query: `?linkId=${linkId}` });
    await call("get", "/api/review/due", 200, { token: session, query: "?limit=10" });
    await call("post", "/api/review/{cardId}", 200, { params: { cardId: card.id }, token: session, body: { grade: "good" } });
    await call("get", "/api/cards/{id}/reviews", 200, { params: { id: card.id }, token: session });
    await call("post", "/api/links/{id}/cards/terms", 201, { params: { id: linkId }, token: session });
    await call("get", "/api/review/stats", 200, { token: session });
    await call("put", "/api/review/digest", 200, { token: session, body: { digest: "weekly" } });
    await call("get", "/api/review/digest", 200, { token: session });
    await expectFile("/api/cards/export", "/api/cards/export?format=anki", session, "text/plain");
    await call("patch", "/api/cards/{id}", 200, { params: { id: card.id }, token: session, body: { suspended: true } });
    await call("get", "/api/cards/{id}", 200, { params: { id: card.id }, token: session });
    await call("delete", "/api/cards/{id}", 204, { params: { id: card.id }, token: session });
    await call("get", "/api/links/enrichments", 200, { token });
    await call("get", "/api/links/enrichments/upgrade", 200, { token });
    await call("post", "/api/links/enrichments/upgrade", 200, { token, body: { dryRun: true } });
    await call("post", "/api/links/enrichments/upgrade", 202, { token, body: {} });

    const shared = await call<{ id: string }>("post", "/api/links/{id}/share", 200, { params: { id: linkId }, token });
    await call("get", "/api/share/{id}", 200, { params: { id: shared.id } });
    await call("get", "/api/links/shared", 200, { token });
    await call("delete", "/api/links/{id}/share", 204, { params: { id: linkId }, token });

    await expectFile("/api/links/{id}/export.md", `/api/links/${linkId}/export.md`, token, "text/markdown");
    await expectFile("/api/links/{id}/export.pdf", `/api/links/${linkId}/export.pdf`, token, "application/pdf");
    await expectFile("/api/links/export", "/api/links/export?format=json", token, "application/json");
    await expectFile("/api/links/export", "/api/links/export?format=html", token, "text/html");
    await expectFile("/api/links/export", "/api/links/export?format=markdown", token, "application/zip");
    // The account's own calls take a sign-in session, never a personal token.
    await expectFile("/api/account/export", "/api/account/export", session, "application/json");
    await expectFile("/api/events", "/api/events", token, "text/event-stream");

    const spare = await call<{ id: string }>("post", "/api/links", 201, { token, body: { url: `${pipeline.pages.url("/article")}?copy=1` } });
    await call("delete", "/api/links/{id}", 200, { params: { id: spare.id }, token });
    await call("get", "/api/links/deleted", 200, { token, query: "?limit=10" });
    await call("post", "/api/links/{id}/restore", 200, { params: { id: spare.id }, token });
    await call("delete", "/api/links/{id}", 200, { params: { id: spare.id }, token });
    const restoring = await call<{ id: string }>("post", "/api/links/deleted/restore", 202, { token });
    await until("Restore all is done", () => call<{ status: string }>("get", "/api/links/bulk/{id}", 200, { params: { id: restoring.id }, token }), (op) => op.status === "done");
    await call("patch", "/api/links/{id}", 200, { params: { id: spare.id }, token, body: { notes: "Read again before the talk.", title: "The talk's reading" } });
    await call("get", "/api/links", 200, { token, query: "?q=postgres&sort=relevance&limit=5" });
    const bulk = await call<{ id: string }>("post", "/api/links/bulk", 202, { token, body: { action: "add-tag", tag: "to-read", ids: [spare.id] } });
    await until("the bulk operation is done", () => call<{ status: string }>("get", "/api/links/bulk/{id}", 200, { params: { id: bulk.id }, token }), (op) => op.status === "done");

    // A page that is not there fails; retrying it fails again.
    failedId = (await call<{ id: string }>("post", "/api/links", 201, { token, body: { url: pipeline.pages.url("/gone") } })).id;
    const failed = () => call<{ status: string }>("get", "/api/links/{id}", 200, { params: { id: failedId }, token });
    await until("the missing page fails", failed, (link) => link.status === "error");
    await call("post", "/api/links/{id}/retry", 200, { params: { id: failedId }, token });
    await until("the retried page fails again", failed, (link) => link.status === "error");

    const rule = await call<{ id: string }>("post", "/api/affiliate-rules", 201, { token, body: { domain: "shop.example", param: "tag", value: "me-20" } });
    await call("get", "/api/affiliate-rules", 200, { token });
    await call("delete", "/api/affiliate-rules/{id}", 200, { params: { id: rule.id }, token });

    const hook = (await call<{ webhook: { id: string } }>("post", "/api/webhooks", 201, { token, body: { url: pipeline.pages.url("/hooks"), events: ["link.enriched"] } })).webhook;
    await call("get", "/api/webhooks", 200, { token });
    await call("patch", "/api/webhooks/{id}", 200, { params: { id: hook.id }, token, body: { events: ["link.saved", "import.finished"] } });
    const ping = await call<{ id: string }>("post", "/api/webhooks/{id}/test", 202, { params: { id: hook.id }, token });
    const hookLog = () => call<{ deliveries: Array<{ status: string }> }>("get", "/api/webhooks/{id}/deliveries", 200, { params: { id: hook.id }, token });
    await until("the ping is sent", hookLog, (page) => page.deliveries.some((delivery) => delivery.status !== "pending"));
    await call("post", "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver", 202, { params: { id: hook.id, deliveryId: ping.id }, token });
    await call("delete", "/api/webhooks/{id}", 200, { params: { id: hook.id }, token });

    // With the sign-in session, like the review calls: the API token's per-minute limit is the journey's own budget.
    const feed = await call<{ id: string }>("post", "/api/feeds", 201, { token: session, body: { url: pipeline.pages.url("/feed.xml"), tags: ["journey"] } });
    await call("get", "/api/feeds", 200, { token: session });
    await call("patch", "/api/feeds/{id}", 200, { params: { id: feed.id }, token: session, body: { tags: ["journey", "news"] } });
    await call("post", "/api/feeds/{id}/poll", 202, { params: { id: feed.id }, token: session });
    await expectFile("/api/feeds/opml", "/api/feeds/opml", session, "text/x-opml");
    const opml = await fetch(`${pipeline.web.baseUrl}/api/feeds/opml`, {
      method: "POST",
      headers: { Authorization: `Bearer ${session}`, "Content-Type": "text/x-opml" },
      body: `<?xml version="1.0"?><opml version="2.0"><body><outline text="Again" xmlUrl="${pipeline.pages.url("/feed.xml")}"/></body></opml>`,
    });
    expectValid("post", "/api/feeds/opml", opml.status, await opml.json());
    expect(opml.status).toBe(200);
    await call("delete", "/api/feeds/{id}", 200, { params: { id: feed.id }, token: session });

    // Errors are the shared error answer too.
    await call("post", "/api/links", 400, { token, body: { url: "not a url" } });
    await call("post", "/api/links/{id}/quiz", 403, { params: { id: (await call<{ id: string }>("post", "/api/links", 201, { token: other.token, body: { url: pipeline.pages.url("/hooks") } })).id }, token: other.token, body: {} });
  }, 120_000);

  it("imports and notifications", async () => {
    const response = await fetch(`${pipeline.web.baseUrl}/api/imports?name=urls.txt`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
      body: `${pipeline.pages.url("/article")}?from=import\n${pipeline.pages.url("/hooks")}?from=import\nnot a url\n`,
    });
    const started = (await response.json()) as { id: string };
    expectValid("post", "/api/imports", response.status, started);
    expect(response.status).toBe(202);
    await until("the import finishes", () => call<{ status: string }>("get", "/api/imports/{id}", 200, { params: { id: started.id }, token }), (current) => current.status === "done" || current.status === "failed", 60_000);
    await call("get", "/api/imports", 200, { token });
    await call("post", "/api/imports/enrich", 202, { token });

    const page = await until("a notification arrives", () => call<{ notifications: Array<{ id: string }> }>("get", "/api/notifications", 200, { token }), ({ notifications }) => notifications.length > 0);
    await call("post", "/api/notifications/{id}/read", 200, { params: { id: page.notifications[0]!.id }, token });
    await call("post", "/api/notifications/read-all", 200, { token });
  }, 90_000);

  it("billing in test mode", async () => {
    await call("get", "/api/enrichment-packs", 200);
    await call("get", "/api/billing", 200, { token });
    const payer = await signUpAs(pipeline.api, "FreeUser");
    const plan = await call<{ checkoutUrl: string }>("post", "/api/checkout-session", 200, { token: payer.token, body: { tierId: "creator", feature: "apiAccess", returnUrl: "/upgrade" } });
    const checkoutId = plan.checkoutUrl.split("/").pop()!;
    await payTestCheckout(checkoutId, payer.id);
    await call("post", "/api/billing/checkouts/{id}/sync", 200, { params: { id: checkoutId }, token: payer.token });
    await call("get", "/api/billing", 200, { token: payer.token });
    await call("post", "/api/billing/subscription/cancel", 200, { token: payer.token });
    await call("post", "/api/billing/subscription/resume", 200, { token: payer.token });
    const pack = await call<{ checkoutUrl: string }>("post", "/api/purchase-pack", 200, { token, body: { packId: "pack-10", quantity: 1, returnUrl: "/upgrade" } });
    await payTestCheckout(pack.checkoutUrl.split("/").pop()!, userId);
    await call("post", "/api/enrichment-packs/purchase", 200, { token, body: { packId: "pack-20" } });
    await call("get", "/api/billing/credits", 200, { token });
    await call("get", "/api/billing/receipts", 200, { token });
    await call("post", "/api/billing/portal", 409, { token, body: {} });
    await call("post", "/api/webhooks/stripe", 404, { body: {} });
  });

  it("public calls", async () => {
    await call("get", "/api/stats", 200);
    await call("get", "/api/trending", 200, { query: "?time=year" });
    const status = await pipeline.api("GET", "/api/status");
    expectValid("get", "/api/status", status.status, status.body);
    expectValid("get", "/api/openapi.json", 200, document);
  });

  it("the admin console", async () => {
    const signed = await signUpAs(pipeline.api, "FreeUser");
    await db().updateTable("users").set({ role: "Admin" }).where("id", "=", signed.id).execute();
    admin = signed.token;
    await call("get", "/api/admin/stats", 200, { token: admin });
    await call("get", "/api/admin/users", 200, { token: admin, query: "?role=all" });
    await call("get", "/api/admin/users/{id}", 200, { params: { id: other.id }, token: admin });
    await call("patch", "/api/admin/users/{id}", 200, { params: { id: other.id }, token: admin, body: { role: "LiteUser" } });
    await call("post", "/api/admin/users/{id}/credits", 200, { params: { id: other.id }, token: admin, body: { delta: 5, note: "openapi test" } });
    await call("post", "/api/admin/users/{id}/send-reset", 200, { params: { id: other.id }, token: admin });
    const unconfirmed = await signUpAs(pipeline.api, "FreeUser");
    await call("post", "/api/admin/users/{id}/resend-confirmation", 200, { params: { id: unconfirmed.id }, token: admin });
    await call("delete", "/api/admin/users/{id}", 204, { params: { id: unconfirmed.id }, token: admin });
    await call("get", "/api/admin/activity", 200, { token: admin });
    await call("get", "/api/admin/feature-flags", 200, { token: admin });
    await call("put", "/api/admin/feature-flags", 200, { token: admin, body: { flags: {} } });
    await call("get", "/api/admin/settings/sales", 200, { token: admin });
    await call("put", "/api/admin/settings/sales", 200, { token: admin, body: { state: "open" } });

    await call("get", "/api/admin/jobs/stats", 200, { token: admin });
    await call("get", "/api/admin/jobs/workers", 200, { token: admin });
    const failures = await call<{ items: Array<{ id: string }> }>("get", "/api/admin/jobs/failures", 200, { token: admin, query: `?user=${encodeURIComponent(email)}` });
    expect(failures.items.map((item) => item.id)).toContain(failedId);
    await call("get", "/api/admin/jobs/failures/{id}", 200, { params: { id: failedId }, token: admin });
    await call("post", "/api/admin/jobs/retry", 200, { token: admin, body: { user: email, dryRun: true } });
    await call("post", "/api/admin/jobs/reenrich", 200, { token: admin, body: { user: email, dryRun: true } });
    await call("post", "/api/admin/jobs/failures/{id}/retry", 200, { params: { id: failedId }, token: admin });
    await until("the replayed page fails again", () => call<{ status: string }>("get", "/api/links/{id}", 200, { params: { id: failedId }, token }), (link) => link.status === "error");
    await call("post", "/api/admin/jobs/promote", 409, { token: admin, body: { id: failedId, queue: "enrich-link" } });
    await until(
      "the failed job can be removed",
      () => pipeline.api("POST", "/api/admin/jobs/remove", { token: admin, body: { id: failedId, queue: "enrich-link" } }),
      (answer) => answer.status === 200,
    ).then((answer) => expectValid("post", "/api/admin/jobs/remove", answer.status, answer.body));
    await call("post", "/api/admin/jobs/queues/{queue}/pause", 200, { params: { queue: "import" }, token: admin });
    await call("post", "/api/admin/jobs/queues/{queue}/resume", 200, { params: { queue: "import" }, token: admin });

    await call("delete", "/api/account", 200, { token: other.token, body: { password: "fourth-pass", confirm: "DELETE" } });
  }, 60_000);

  it("covered every JSON read and nearly every call with a real answer", () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    const reads = operations.filter((op) => op.startsWith("get "));
    expect(reads.filter((op) => !checked.has(op)), "GET calls without a checked answer").toEqual([]);
    // What a journey on loopback cannot reach: a Stripe portal, a signed webhook, a delayed job.
    const unreachable = ["post /api/billing/portal", "post /api/webhooks/stripe", "post /api/admin/jobs/promote"];
    expect(operations.filter((op) => !checked.has(op) && !unreachable.includes(op)), "calls without a checked 2xx answer").toEqual([]);
  });
});
