import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "~/lib/api-tokens";
import { MCP_TOOLS } from "~/lib/vocabulary";
import { db } from "~/server/platform/db.server";
import { apiClient, startWebServer } from "../helpers/web-server";

// The MCP server at /mcp (decision 066) through the SDK's own client over streamable HTTP, against
// the web server in this process: the tools, the token's scopes, and what it refuses.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let session: string;
let userId: string;
let readWrite: string;
let readOnly: string;
const clients: Client[] = [];

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
  const registered = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email: `mcp-${Date.now()}@example.com`, password: "secret-pass" } });
  expect(registered.status).toBe(201);
  ({ token: session, user: { id: userId } } = registered.body);
  await db().updateTable("users").set({ role: "ProUser" }).where("id", "=", userId).execute();
  const mint = async (scopes: string[]) => (await api<CreatedApiToken>("POST", "/api/tokens", { token: session, body: { name: scopes.join("+"), scopes } })).body.token;
  [readWrite, readOnly] = [await mint(["read", "write"]), await mint(["read"])];
});
afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await web?.close();
});

function transport(token?: string) {
  return new StreamableHTTPClientTransport(new URL("/mcp", web.baseUrl), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {});
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "linkwise-test", version: "1.0.0" });
  await client.connect(transport(token));
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  return { isError: result.isError === true, text, json: <T = Record<string, unknown>>() => JSON.parse(text) as T };
}

describe("the MCP server", () => {
  let client: Client;
  let linkId: string;
  beforeAll(async () => {
    client = await connect(readWrite);
  });

  it("lists its four tools, each with an input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOLS].sort());
    expect(tools.find((tool) => tool.name === "search_links")!.inputSchema.required).toEqual(["query"]);
  });

  it("saves a link with the user's own tags and note, and finds it by the library's search", async () => {
    const saved = await call(client, "save_link", { url: "https://mcp.example/post?utm_source=agent", tags: ["agents"], note: "Notes on zeppelins and their mooring masts" });
    expect(saved.isError).toBe(false);
    expect(saved.json()).toMatchObject({ url: "https://mcp.example/post", created: true, status: "pending", tags: ["agents"] });
    linkId = saved.json<{ id: string }>().id;
    const row = await db().selectFrom("links").select(["user_tags", "notes"]).where("id", "=", linkId).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_tags: ["agents"], notes: "Notes on zeppelins and their mooring masts" });

    const found = await call(client, "search_links", { query: "zeppelins", limit: 5 });
    expect(found.json()).toMatchObject({ links: [{ id: linkId, tags: ["agents"] }], more: false });
    expect(found.json<{ links: Array<{ snippet: string }> }>().links[0]!.snippet).toContain("zeppelins");
    expect((await call(client, "search_links", { query: "zeppelins", tag: "other" })).json<{ links: unknown[] }>().links).toEqual([]);
    const tooMany = await call(client, "search_links", { query: "zeppelins", limit: 51 });
    expect(tooMany).toMatchObject({ isError: true });
    expect(tooMany.text).toContain("limit must be between 1 and 50");
  });

  it("gets a link with its notes and highlights, and says clearly when the id is wrong", async () => {
    const highlighted = await api("POST", `/api/links/${linkId}/highlights`, { token: readWrite, body: { exact: "mooring masts", start: 0, note: "see chapter 2" } });
    expect(highlighted.status).toBe(201);
    const link = await call(client, "get_link", { id: linkId });
    expect(link.json()).toMatchObject({ id: linkId, notes: "Notes on zeppelins and their mooring masts", tags: ["agents"], highlights: [{ text: "mooring masts", note: "see chapter 2" }] });
    expect(await call(client, "get_link", { id: "nope" })).toMatchObject({ isError: true, text: expect.stringContaining("id must be a link's id") });
    expect(await call(client, "get_link", { id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({ isError: true, text: "Link not found" });
  });

  it("adds tags and keeps the ones the link had, the engine's included", async () => {
    await db().updateTable("links").set({ tags: ["agents", "airships"] }).where("id", "=", linkId).execute();
    const tagged = await call(client, "add_tags", { id: linkId, tags: ["history", "Agents"] });
    expect(tagged.json<{ tags: string[] }>().tags).toEqual(["agents", "history", "airships"]);
    const row = await db().selectFrom("links").select(["tags", "user_tags"]).where("id", "=", linkId).executeTakeFirstOrThrow();
    expect(row).toEqual({ tags: ["agents", "history", "airships"], user_tags: ["agents", "history"] });
  });

  it("lets a read-only token read but not save or tag, saying which scope it lacks", async () => {
    const reader = await connect(readOnly);
    expect((await call(reader, "search_links", { query: "zeppelins" })).json<{ links: unknown[] }>().links).toHaveLength(1);
    const refused = await call(reader, "save_link", { url: "https://mcp.example/read-only" });
    expect(refused).toMatchObject({ isError: true, text: expect.stringContaining("save_link needs an API token with the write scope") });
    expect(await call(reader, "add_tags", { id: linkId, tags: ["nope"] })).toMatchObject({ isError: true });
    const links = await db().selectFrom("links").select(["url", "user_tags"]).where("user_id", "=", userId).execute();
    expect(links).toEqual([{ url: "https://mcp.example/post", user_tags: ["agents", "history"] }]);
  });

  it("answers 401 without a personal API token (a sign-in session's included), and 405 to GET", async () => {
    const anonymous = new Client({ name: "anonymous", version: "1.0.0" });
    await expect(anonymous.connect(transport())).rejects.toMatchObject({ code: 401 });
    const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const headers = { Accept: "application/json, text/event-stream" };
    const withSession = await api("POST", "/mcp", { token: session, body: listTools, headers });
    expect(withSession.status).toBe(401);
    expect(withSession.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(String(withSession.body.message)).toContain("personal API token");
    const get = await api("GET", "/mcp", { token: readWrite, headers });
    expect(get.status).toBe(405);
    expect(get.headers.get("RateLimit-Policy")).toMatch(/^"token";q=\d+;w=60$/);
    // Stateless: a bare POST, with no initialize before it, is answered as JSON.
    const listed = await api<{ result: { tools: unknown[] } }>("POST", "/mcp", { token: readOnly, body: listTools, headers });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("Mcp-Session-Id")).toBeNull();
    expect(listed.body.result.tools).toHaveLength(MCP_TOOLS.length);
    const openApi = await api<{ info: { description: string } }>("GET", "/api/openapi.json");
    expect(openApi.body.info.description).toContain("/mcp is not part of this REST API: it is an MCP server");
  });
});
