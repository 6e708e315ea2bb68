import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
}

export type Reply =
  | { json: unknown }
  | { text: string }
  | { status: number; error: string; code?: string; headers?: Record<string, string> }
  | { delayMs: number; json: unknown };

/**
 * An OpenAI-compatible chat-completions server on loopback. `answer` decides each reply from
 * the request (an error reply may carry headers, such as a 429's Retry-After); every request is
 * recorded. `jsonSchema: false` makes it refuse response_format json_schema with a 400, as many
 * local servers do.
 */
export async function startFakeOpenAi(answer: (request: ChatRequest, index: number) => Reply, { jsonSchema = true } = {}) {
  const requests: ChatRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return void res.writeHead(404).end();
    let body = "";
    for await (const chunk of req) body += chunk;
    const request = JSON.parse(body) as ChatRequest;
    const index = requests.push(request) - 1;
    if (!jsonSchema && request.response_format?.type === "json_schema") {
      res.writeHead(400, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ error: { message: "response_format json_schema is not supported", type: "invalid_request_error" } }));
    }
    const reply = answer(request, index);
    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      return void res.end(JSON.stringify({ error: { message: reply.error, code: reply.code ?? null } }));
    }
    if ("delayMs" in reply) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const content = "text" in reply ? reply.text : JSON.stringify(reply.json);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${index}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 100 + index, completion_tokens: 20, total_tokens: 120 + index },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
