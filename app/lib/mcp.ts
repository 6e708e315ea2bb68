/** Where the MCP server answers (app/routes/mcp.ts, decision 066): JSON-RPC over streamable HTTP, not a page. */
export const MCP_PATH = "/mcp";
