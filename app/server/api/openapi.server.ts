/**
 * The OpenAPI 3.1 document of the JSON API, built from the route registry (routes.server.ts)
 * and the zod schemas the routes validate with, through zod's own JSON Schema output: OpenAPI
 * 3.1 schemas are JSON Schema 2020-12, which is zod's default target (decision 024).
 */
import * as z from "zod";
import { errorSchema } from "~/lib/api-schemas";
import { MCP_PATH } from "~/lib/mcp";
import { MCP_TOOLS } from "~/lib/vocabulary";
import { API_ROUTES, type ApiAuth, type ApiOperation, type HttpMethod } from "./routes.server";
import { env } from "../platform/env.server";

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<HttpMethod, JsonSchema>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** `api.links.$id.export[.]md.ts` → `/api/links/{id}/export.md`, `api.webhooks.$id.[test].ts` → `/api/webhooks/{id}/test`: Remix's flat-file naming. */
export function routePath(file: string): string {
  const stem = file.replace(/\.tsx?$/, "");
  const segments: string[] = [];
  let current = "";
  for (let i = 0; i < stem.length; i++) {
    const close = stem[i] === "[" ? stem.indexOf("]", i) : -1;
    if (close !== -1) {
      // Escaped text, taken as it is: `[.]md`, or `[test]` (a file ending `.test.ts` is a test, not a route).
      current += stem.slice(i + 1, close);
      i = close;
    } else if (stem[i] === ".") {
      segments.push(current);
      current = "";
    } else current += stem[i];
  }
  segments.push(current);
  return `/${segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment)).join("/")}`;
}

const REF_PREFIX = "#/components/schemas/";
const INPUT_MARK = "__input__";

/**
 * Schemas as JSON Schema; the named ones (`.meta({ id })`) go to components and are referred
 * to. Request schemas are converted as zod reads them (defaults optional), answers as zod
 * writes them; a named schema whose two sides differ gets an `…Input` twin, resolved in `finish`.
 */
function converter() {
  const sides = { input: new Map<string, string>(), output: new Map<string, string>() };
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const { $schema: _schema, $defs = {}, ...root } = json;
    const mark = io === "input" ? INPUT_MARK : "";
    const fix = (value: JsonSchema) => JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) => JSON.stringify(`${REF_PREFIX}${mark}${id}`));
    for (const [id, def] of Object.entries($defs)) sides[io].set(id, fix(def));
    return JSON.parse(fix(root)) as JsonSchema;
  };
  /** The components, and the document with each input reference pointing at its final name. */
  const finish = <T>(document: T): { document: T; schemas: Record<string, JsonSchema> } => {
    const names = new Map<string, string>();
    const schemas: Record<string, string> = {};
    for (const [id, json] of sides.output) schemas[id] = json;
    for (const [id, json] of sides.input) {
      const name = schemas[id] === undefined || schemas[id] === json ? id : `${id}Input`;
      schemas[name] = json;
      names.set(id, name);
    }
    const resolve = (text: string) => text.replace(new RegExp(`"${REF_PREFIX}${INPUT_MARK}([^"]+)"`, "g"), (_, id: string) => JSON.stringify(`${REF_PREFIX}${names.get(id) ?? id}`));
    return {
      document: JSON.parse(resolve(JSON.stringify(document))) as T,
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)).map(([name, json]) => [name, JSON.parse(resolve(json)) as JsonSchema])),
    };
  };
  return { convert, finish };
}

const STATUS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No content", 503: "Service unavailable" };

/** A download or stream: JSON is some object, text is a string, anything else bytes (OpenAPI 3.1: no schema). */
function fileContent(media: string): JsonSchema {
  if (media === "application/json") return { schema: { type: "object" } };
  if (media.startsWith("text/")) return { schema: { type: "string" } };
  return {};
}

function security(auth: ApiAuth) {
  if (auth === "none") return [];
  if (auth === "session" || auth === "recent") return [{ sessionCookie: [] }, { sessionToken: [] }];
  return [{ sessionCookie: [] }, { bearer: [] }];
}

/** The rule of `requireRecentSignIn` (decision 048), with this instance's window. */
function recentText(): string {
  const minutes = Math.round(env().RECENT_SIGN_IN_MS / 60_000);
  return (
    ` Not with a personal API token, and only within ${minutes} minute${minutes === 1 ? "" : "s"} (RECENT_SIGN_IN_MS) of typing the password: ` +
    "an older sign-in gets 403 with `reauthenticateUrl`; POST the password there (/api/account/reauthenticate) and try again."
  );
}

function operation(file: string, method: HttpMethod, op: ApiOperation, convert: ReturnType<typeof converter>["convert"]): JsonSchema {
  const path = routePath(file);
  const tag = path.split("/")[2] ?? "api";
  const parameters: JsonSchema[] = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } }));
  if (op.query) {
    const shape = op.query.shape as Record<string, z.ZodType>;
    for (const [name, schema] of Object.entries(shape)) {
      parameters.push({ name, in: "query", required: !schema.safeParse(undefined).success, schema: convert(schema, "input") });
    }
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    const description = STATUS_TEXT[Number(status)] ?? "OK";
    if (answer === null || answer === undefined) responses[status] = { description };
    else if (answer instanceof z.ZodType) responses[status] = { description, content: { "application/json": { schema: convert(answer, "output") } } };
    else responses[status] = { description: answer.description, content: Object.fromEntries(answer.mediaTypes.map((media) => [media, fileContent(media)])) };
  }
  responses["4XX"] = { description: "The request was refused; `message` says why.", content: { "application/json": { schema: convert(errorSchema, "output") } } };
  const writes = method !== "get";
  const scope = op.auth === "user" ? ` Personal API tokens need the \`${writes ? "write" : "read"}\` scope.` : op.auth === "session" ? " Not with a personal API token." : op.auth === "recent" ? recentText() : "";
  return {
    operationId: `${method}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: op.summary,
    description: `${op.summary}${op.auth === "admin" ? " Admin only." : ""}${scope}`,
    tags: [tag],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: convert(op.body, "input") } } } } : {}),
    responses,
    security: security(op.auth),
    "x-linkwise-auth": op.auth,
  };
}

let cached: OpenApiDocument | null = null;

/** Built once per process: the registry and schemas are code, so the document cannot change at run time. */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const { convert, finish } = converter();
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const [file, operations] of Object.entries(API_ROUTES)) {
    const path = routePath(file);
    const item: Partial<Record<HttpMethod, JsonSchema>> = {};
    for (const [method, op] of Object.entries(operations) as Array<[HttpMethod, ApiOperation]>) {
      item[method] = operation(file, method, op, convert);
      tags.add((item[method]!.tags as string[])[0]!);
    }
    paths[path] = item;
  }
  const resolved = finish(paths);
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Linkwise API",
      version: "1",
      description:
        "Save, enrich, share and export links. Authenticate with a personal API token (Settings → API & integrations, Creator plan) as `Authorization: Bearer lw_pat_…`; " +
        "each token may make API_TOKEN_RATE_LIMIT requests a minute (120 by default), reported in the `RateLimit` and `RateLimit-Policy` headers, with `Retry-After` on a 429. " +
        "Errors are `{ \"message\": \"…\" }` with a 4xx status. " +
        `${MCP_PATH} is not part of this REST API: it is an MCP server (the Model Context Protocol's JSON-RPC over streamable HTTP) for AI agents, ` +
        `with the same personal API tokens, scopes and rate limit; its tools are ${MCP_TOOLS.join(", ")} (docs/mcp.md).`,
    },
    servers: [{ url: env().APP_URL }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: resolved.document,
    components: {
      schemas: resolved.schemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A personal API token (lw_pat_…) or a sign-in token from POST /api/auth/login." },
        sessionToken: { type: "http", scheme: "bearer", description: "A sign-in token from POST /api/auth/login (not a personal API token)." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "__session", description: "The web app's session; state-changing calls must come from our own Origin." },
      },
    },
  };
  return cached;
}
