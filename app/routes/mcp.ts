import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleMcpRequest } from "~/server/mcp/mcp.server";
import { handleJson } from "~/server/platform/http.server";

/**
 * /mcp — the MCP server (streamable HTTP, stateless; decision 066, docs/mcp.md). POST a JSON-RPC
 * message with `Authorization: Bearer lw_pat_…`; GET and DELETE are 405 (no sessions, no stream).
 */
export const loader = ({ request }: LoaderFunctionArgs) => handleJson(() => handleMcpRequest(request));

export const action = ({ request }: ActionFunctionArgs) => handleJson(() => handleMcpRequest(request));
