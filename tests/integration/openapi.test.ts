import { readdirSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "~/lib/api-tokens";
import { routePath, type OpenApiDocument } from "~/server/api/openapi.server";
import { UNDOCUMENTED_ROUTES } from "~/server/api/routes.server";
import { db } from "~/server/platform/db.server";
import { apiClient, startWebServer, type JsonResponse } from "../helpers/web-server";

// The OpenAPI document covers every app/routes/api.* file, and real answers validate against
// the schemas it publishes (with a JSON Schema 2020-12 validator, as OpenAPI 3.1 specifies).
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let document: OpenApiDocument;
let ajv: Ajv2020;

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
  const served = await api<OpenApiDocument>("GET", "/api/openapi.json");
  expect(served.status).toBe(200);
  document = served.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi", components: document.components }, "openapi");
});
afterAll(() => web?.close());

/** Validates an answer against the document's schema for that call and status. */
function expectValid(path: string, method: string, answer: JsonResponse<unknown>) {
  const schema = (document.paths[path] as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>)[method]?.responses[String(answer.status)]?.content?.["application/json"]?.schema;
  expect(schema, `${method.toUpperCase()} ${path} ${answer.status} has a schema in the document`).toBeDefined();
  const validate = ajv.compile({ $schema: "https://json-schema.org/draft/2020-12/schema", ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) });
  const valid = validate(answer.body);
  expect(valid, `${method.toUpperCase()} ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with every api.* route file in it (a missing one is named)", () => {
    expect(document.openapi).toBe("3.1.0");
    const files = readdirSync("app/routes").filter((file) => /^api\..+\.tsx?$/.test(file) && !UNDOCUMENTED_ROUTES.includes(file));
    expect(files.length).toBeGreaterThan(50);
    const missing = files.filter((file) => !document.paths[routePath(file)] || Object.keys(document.paths[routePath(file)]!).length === 0);
    expect(missing, `Register these routes in app/server/api/routes.server.ts: ${missing.join(", ")}`).toEqual([]);
  });

  it("derives each path from its route file name", () => {
    expect(routePath("api.links.$id.export[.]md.ts")).toBe("/api/links/{id}/export.md");
    expect(routePath("api.admin.jobs.queues.$queue.pause.ts")).toBe("/api/admin/jobs/queues/{queue}/pause");
    expect(routePath("api.openapi[.]json.ts")).toBe("/api/openapi.json");
  });

  it("describes requests with the routes' own schemas, and every reference resolves", () => {
    const post = document.paths["/api/tokens"]!.post as { requestBody: { content: Record<string, { schema: { $ref: string } }> } };
    expect(post.requestBody.content["application/json"]!.schema.$ref).toBe("#/components/schemas/CreateApiToken");
    expect(document.components.schemas.CreateApiToken).toMatchObject({ required: ["name"], properties: { scopes: { items: { enum: ["read", "write"] } } } });
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(document.components.schemas[ref], ref).toBeDefined();
  });

  it("validates real answers against the document", async () => {
    const email = `openapi-${Date.now()}@example.com`;
    const registered = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
    await db().updateTable("users").set({ role: "ProUser" }).where("id", "=", registered.body.user.id).execute();
    const session = registered.body.token;

    const created = await api<CreatedApiToken>("POST", "/api/tokens", { token: session, body: { name: "Docs", scopes: ["read", "write"], expiresInDays: 30 } });
    expectValid("/api/tokens", "post", created);
    const token = created.body.token;
    expectValid("/api/tokens", "get", await api("GET", "/api/tokens", { token: session }));

    const added = await api<{ id: string }>("POST", "/api/links", { token, body: { url: "https://openapi.example/page" } });
    expectValid("/api/links", "post", added);
    expectValid("/api/links", "post", await api("POST", "/api/links", { token, body: { url: "https://openapi.example/page" } }));
    expectValid("/api/links", "get", await api("GET", "/api/links?limit=10", { token }));
    expectValid("/api/links/{id}", "get", await api("GET", `/api/links/${added.body.id}`, { token }));

    const rule = await api("POST", "/api/affiliate-rules", { token, body: { domain: "shop.example", param: "tag", value: "me-20" } });
    expectValid("/api/affiliate-rules", "post", rule);
    expectValid("/api/affiliate-rules", "get", await api("GET", "/api/affiliate-rules", { token }));

    // Errors are {message} too.
    const refused = await api("POST", "/api/links", { token, body: { url: "not a url" } });
    expect(refused.status).toBe(400);
    const schema = { $ref: "openapi#/components/schemas/Message" };
    expect(ajv.compile(schema)(refused.body)).toBe(true);
  });
});
