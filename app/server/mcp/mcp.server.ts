/**
 * The MCP server at /mcp (decision 066): an agent's access to its owner's library over the
 * Model Context Protocol's streamable HTTP transport, with a personal API token, its scopes and
 * its rate limit. Stateless: every POST builds a server, answers one JSON-RPC message (or batch)
 * as JSON and is gone, so any web process can take any request and nothing is kept between them.
 * The tools call the same services as the JSON API and the bookmarklet; they never write SQL.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { INVALID_URL_MESSAGE, NOTES_MAX_CHARS, TAGS_MAX, TAG_MAX_CHARS, type PublicLink } from "~/lib/links";
import { MCP_READ_TOOLS, type McpTool } from "~/lib/vocabulary";
import { requireApiToken, type TokenAuth } from "../accounts/auth.server";
import { linkHighlights } from "../highlights/highlights.server";
import { addLinkTags, getUserLink, listUserLinks, saveLinkWithOwnFields, toLinkDetail } from "../links/links.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";

/**
 * The SDK, loaded by the first MCP request of a process (decision 059): about 0.1 s of imports
 * that no other page or process needs.
 */
let sdk: Promise<{ McpServer: typeof McpServer; Transport: typeof WebStandardStreamableHTTPServerTransport }> | undefined;
function loadSdk() {
  sdk ??= Promise.all([import("@modelcontextprotocol/sdk/server/mcp.js"), import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js")]).then(
    ([mcp, http]) => ({ McpServer: mcp.McpServer, Transport: http.WebStandardStreamableHTTPServerTransport }),
    (error: unknown) => {
      sdk = undefined;
      throw error;
    },
  );
  return sdk;
}

/** The most links one search_links call answers. */
export const MCP_SEARCH_MAX = 50;
const SEARCH_DEFAULT = 10;

export const MCP_SERVER_NAME = "linkwise";
const MCP_SERVER_VERSION = "1.0.0";

const INSTRUCTIONS =
  "Linkwise is the user's library of saved web links, each with a summary, tags, notes and highlights. " +
  "Use search_links to find links, get_link for one link's summary, notes and highlights, save_link to save a page, add_tags to tag a link. " +
  "Tags and notes you add become the user's own; nothing here removes or replaces what the user wrote.";

export const missingScope = (tool: McpTool, scope: "read" | "write") =>
  `${tool} needs an API token with the ${scope} scope, and this one does not have it. Create a token with the ${scope} scope in Settings → API & integrations.`;

const tagSchema = z.string({ error: "each tag must be text" }).trim().min(1, "A tag must not be empty.").max(TAG_MAX_CHARS, `A tag is ${TAG_MAX_CHARS} characters at most.`);
const tagsSchema = z.array(tagSchema, { error: "tags must be a list of tags" }).max(TAGS_MAX, `A link has ${TAGS_MAX} tags at most.`);
const linkIdSchema = z.uuid({ error: "id must be a link's id (a UUID, as search_links answers it)" }).describe("The link's id, from search_links or save_link.");

const searchInput = {
  query: z
    .string({ error: "query must be text" })
    .trim()
    .min(1, "query must not be empty")
    .max(500, "query is too long (500 characters at most)")
    .describe('What to look for, with web-search syntax: words (all must match), "a phrase", -excluded, either OR other. Matches titles, summaries, notes, highlights and page text.'),
  tag: tagSchema.optional().describe("Only links with this tag (exact, as shown on the link)."),
  limit: z
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, `limit must be between 1 and ${MCP_SEARCH_MAX}`)
    .max(MCP_SEARCH_MAX, `limit must be between 1 and ${MCP_SEARCH_MAX}`)
    .optional()
    .describe(`How many links to answer, best match first (${SEARCH_DEFAULT} by default, ${MCP_SEARCH_MAX} at most).`),
};

const saveInput = {
  url: z.string({ error: INVALID_URL_MESSAGE }).trim().min(1, INVALID_URL_MESSAGE).max(8192, INVALID_URL_MESSAGE).describe("The page's address (http or https)."),
  tags: tagsSchema.optional().describe("Tags of the user's own to give the link (added to those it has if it is already saved)."),
  note: z
    .string({ error: "note must be text" })
    .max(NOTES_MAX_CHARS, `The note is too long (${NOTES_MAX_CHARS.toLocaleString("en-US")} characters at most).`)
    .optional()
    .describe("A note to keep with the link (added after the notes it has if it is already saved)."),
};

const addTagsInput = {
  id: linkIdSchema,
  tags: tagsSchema.min(1, "Give at least one tag.").describe("Tags to add as the user's own. Tags the link has are kept; none is removed."),
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** A search snippet (escaped HTML with <mark> around the matches) as plain text. */
export function plainSnippet(html: string | null | undefined): string | null {
  if (!html) return null;
  return html.replace(/<\/?mark>/g, "").replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
}

const listed = (link: PublicLink) => ({
  id: link.id,
  title: link.title,
  url: link.url,
  tags: link.tags,
  status: link.status,
  savedAt: link.savedAt,
  ...(link.highlight?.snippet ? { snippet: plainSnippet(link.highlight.snippet) } : {}),
});

const answer = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value, null, 2) }] });
const refuse = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true });

/**
 * Runs a tool for the token's owner: the scope first, then the service. A refusal meant for the
 * user (no such link, a bad address, the plan) is the tool's error with the service's own words;
 * anything else is logged and told as ours, never as a stack trace.
 */
async function run(auth: TokenAuth, tool: McpTool, work: () => Promise<unknown>): Promise<CallToolResult> {
  const scope = (MCP_READ_TOOLS as readonly string[]).includes(tool) ? "read" : "write";
  if (!auth.scopes.includes(scope)) return refuse(missingScope(tool, scope));
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return refuse(error.message);
    log.error("mcp tool failed", { tool, userId: auth.user.id, error });
    return refuse("Something went wrong on our side. Please try again.");
  }
}

/** The server for one request, its tools bound to the token's owner. */
export async function buildMcpServer(auth: TokenAuth): Promise<McpServer> {
  const { McpServer } = await loadSdk();
  const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS });
  const userId = auth.user.id;

  server.registerTool(
    "search_links",
    {
      title: "Search the library",
      description: "Full-text search of the user's saved links, best match first, as the library's search box does. Needs the read scope.",
      inputSchema: searchInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, tag, limit }) =>
      run(auth, "search_links", async () => {
        const { links, nextCursor } = await listUserLinks(userId, { limit: limit ?? SEARCH_DEFAULT, filter: { q: query, tag }, sort: "relevance" });
        return { links: links.map(listed), more: nextCursor !== null };
      }),
  );

  server.registerTool(
    "get_link",
    {
      title: "Get a link",
      description: "One saved link: its title, address, summary, tags, the user's notes and highlights. Needs the read scope.",
      inputSchema: { id: linkIdSchema },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      run(auth, "get_link", async () => {
        const link = toLinkDetail(await getUserLink(userId, id));
        const highlights = await linkHighlights(userId, id);
        return {
          id: link.id,
          title: link.title,
          url: link.url,
          status: link.status,
          summary: link.summary,
          description: link.description,
          tags: link.tags,
          category: link.category,
          notes: link.notes,
          highlights: highlights.map((highlight) => ({ text: highlight.exact, note: highlight.note, colour: highlight.colour, createdAt: highlight.createdAt })),
          readingMinutes: link.readingMinutes,
          savedAt: link.savedAt,
          readAt: link.readAt,
          archivedAt: link.archivedAt,
          ...(link.error ? { error: link.error } : {}),
        };
      }),
  );

  server.registerTool(
    "save_link",
    {
      title: "Save a link",
      description:
        "Saves a page to the library, as the bookmarklet does: it is then fetched and summarised in the background (status pending until then). " +
        "A page already saved is kept as it is; the tags and note are added to it. Needs the write scope.",
      inputSchema: saveInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ url, tags, note }) =>
      run(auth, "save_link", async () => {
        const { link, created } = await saveLinkWithOwnFields(auth.user, url, { tags, notes: note });
        const saved = toLinkDetail(link);
        return {
          id: saved.id,
          title: saved.title,
          url: saved.url,
          status: saved.status,
          tags: saved.tags,
          notes: saved.notes,
          created,
          message: created ? "Saved. It is being fetched and summarised." : "Already in the library: kept as it was, with these tags and note added.",
          ...(saved.error ? { error: saved.error } : {}),
        };
      }),
  );

  server.registerTool(
    "add_tags",
    {
      title: "Add tags to a link",
      description: "Adds tags of the user's own to a saved link. The tags it has are kept: this never removes one. Needs the write scope.",
      inputSchema: addTagsInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id, tags }) =>
      run(auth, "add_tags", async () => {
        const link = toLinkDetail(await addLinkTags(userId, id, tags));
        return { id: link.id, title: link.title, url: link.url, tags: link.tags };
      }),
  );

  return server;
}

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * One HTTP request to /mcp. Only POST: with no sessions there is no stream to open with GET and
 * nothing to end with DELETE, which the transport's rules answer with 405. The token is checked
 * before the body is read; a refusal throws, and the route answers it as the JSON API does (`{message}`).
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  if (request.method !== "POST") return jsonRpcError(405, "Method not allowed: this MCP server is stateless, POST JSON-RPC messages to it.", { Allow: "POST" });
  const auth = await requireApiToken(request);
  const server = await buildMcpServer(auth);
  const { Transport } = await loadSdk();
  const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    response.headers.set("Cache-Control", "no-store");
    return response;
  } finally {
    await server.close();
  }
}
