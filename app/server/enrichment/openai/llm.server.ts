import type OpenAI from "openai";
import type * as OpenAiSdk from "openai";
import * as z from "zod";
import { env } from "../../platform/env.server";
import { LlmError, LlmRateLimitError } from "../../platform/failure-classes.server";
import { log } from "../../platform/logger.server";
import { metrics } from "../../platform/metrics.server";

/**
 * The one door to an OpenAI-compatible model. Answers are requested as structured output
 * (the task's zod schema sent as a JSON schema); servers without that get JSON mode, then a
 * plain instruction. Every answer is validated with zod; an invalid one is asked for again
 * once, then the call fails with a reason a person can read.
 */
// LlmError, and LlmRateLimitError for a 429 (the worker postpones the job), are declared with the
// failure table (platform/failure-classes.server.ts).
export { LlmError, LlmRateLimitError } from "../../platform/failure-classes.server";

/** How long to wait after a 429 that does not say. */
export const DEFAULT_RETRY_AFTER_MS = 20_000;
const MIN_RETRY_AFTER_MS = 1_000;
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Retry-After as seconds or an HTTP date, or the non-standard retry-after-ms; bounded either way. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number {
  const raw = headers?.get("retry-after-ms") ?? null;
  const dateOrSeconds = headers?.get("retry-after") ?? null;
  let wait: number | undefined;
  if (raw !== null && Number.isFinite(Number(raw))) wait = Number(raw);
  else if (dateOrSeconds !== null) {
    wait = /^\s*\d+(\.\d+)?\s*$/.test(dateOrSeconds) ? Number(dateOrSeconds) * 1000 : Date.parse(dateOrSeconds) - now;
  }
  if (wait === undefined || Number.isNaN(wait)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(Math.max(Math.round(wait), MIN_RETRY_AFTER_MS), MAX_RETRY_AFTER_MS);
}

export interface LlmUsage {
  provider: "openai";
  model: string;
  tokensIn: number | null;
  tokensOut: number | null;
  durationMs: number;
  calls: number;
}

export interface LlmClient {
  model: string;
  completeJson<S extends z.ZodType>(
    task: { name: string; system: string; user: string; schema: S },
  ): Promise<{ data: z.infer<S>; usage: LlmUsage }>;
}

type Mode = "json_schema" | "json_object" | "prompt";

export function createLlmClient(options: {
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}): LlmClient {
  // The SDK is loaded with the first call: a process that never calls a model never loads it.
  let client: OpenAI | undefined;
  async function openai(): Promise<OpenAI> {
    const { default: OpenAI } = await openaiSdk();
    client ??= new OpenAI({
      apiKey: options.apiKey ?? "not-needed",
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
    return client;
  }
  // Learned per process: once a server refuses json_schema, go straight to the fallback.
  let mode: Mode = "json_schema";

  async function call(task: { name: string; system: string; user: string; schema: z.ZodType }, currentMode: Mode) {
    const schema = z.toJSONSchema(task.schema);
    const system =
      currentMode === "json_schema"
        ? task.system
        : `${task.system}\n\nAnswer with one JSON object only, no prose, matching this JSON schema:\n${JSON.stringify(schema)}`;
    return (await openai()).chat.completions.create({
      model: options.model,
      temperature: 0.2,
      messages: [
        { role: "system", content: system },
        { role: "user", content: task.user },
      ],
      ...(currentMode === "json_schema"
        ? { response_format: { type: "json_schema" as const, json_schema: { name: task.name, schema, strict: false } } }
        : currentMode === "json_object"
          ? { response_format: { type: "json_object" as const } }
          : {}),
    });
  }

  return {
    model: options.model,
    async completeJson(task) {
      const started = performance.now();
      let tokensIn: number | null = null;
      let tokensOut: number | null = null;
      let calls = 0;
      let lastProblem = "";
      for (let attempt = 0; attempt < 2; attempt++) {
        let completion;
        try {
          calls++;
          completion = await call(task, mode);
          metrics().modelCalls.inc({ outcome: "ok" });
        } catch (error) {
          const { APIError } = await openaiSdk();
          metrics().modelCalls.inc({ outcome: error instanceof APIError && error.status === 429 ? "rate-limited" : "error" });
          if (error instanceof APIError && error.status === 400 && mode !== "prompt") {
            // No structured output here: fall back one step and try again (not counted as an attempt).
            mode = mode === "json_schema" ? "json_object" : "prompt";
            log.info("model server refused a response format; falling back", { mode });
            attempt--;
            continue;
          }
          throw toLlmError(error, options.timeoutMs, await openaiSdk());
        }
        if (completion.usage) {
          tokensIn = (tokensIn ?? 0) + completion.usage.prompt_tokens;
          tokensOut = (tokensOut ?? 0) + completion.usage.completion_tokens;
          // Counted per call, an unusable answer included: the provider bills those too.
          const model = completion.model || options.model;
          metrics().modelTokens.inc({ model, direction: "in" }, completion.usage.prompt_tokens);
          metrics().modelTokens.inc({ model, direction: "out" }, completion.usage.completion_tokens);
        }
        const content = completion.choices[0]?.message?.content ?? "";
        const parsed = parseJson(content);
        const result = parsed === undefined ? null : task.schema.safeParse(parsed);
        if (result?.success) {
          return {
            data: result.data,
            usage: { provider: "openai", model: completion.model || options.model, tokensIn, tokensOut, durationMs: Math.round(performance.now() - started), calls },
          };
        }
        lastProblem = result ? (result.error.issues[0]?.message ?? "wrong shape") : "not JSON";
        log.warn("model answer did not match the schema", { task: task.name, attempt, problem: lastProblem });
      }
      throw new LlmError(`The model's answer was not usable (${lastProblem})`, false);
    },
  };
}

/** Accepts a bare JSON object or one wrapped in a ```json fence. */
function parseJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content)?.[1] ?? content;
  const start = fenced.indexOf("{");
  const end = fenced.lastIndexOf("}");
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(fenced.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** The `openai` package, imported once on first use (about 0.1 s of CPU). */
let sdk: Promise<typeof OpenAiSdk> | undefined;
const openaiSdk = () => (sdk ??= import("openai"));

function toLlmError(error: unknown, timeoutMs: number, { APIConnectionTimeoutError, APIError }: typeof OpenAiSdk): LlmError {
  if (error instanceof APIConnectionTimeoutError) {
    const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
    return new LlmError(`The model took longer than ${limit}`, false);
  }
  if (error instanceof APIError) {
    if (error.status === 401 || error.status === 403) return new LlmError("The model server refused our API key", true);
    if (error.status === 404) return new LlmError("The model server does not know this model", true);
    if (error.status === 429) {
      // OpenAI answers 429 for an exhausted account too: no waiting mends that, so it fails like any error.
      if (error.code === "insufficient_quota") return new LlmError("The model provider's quota is used up", false);
      return new LlmRateLimitError(retryAfterMs(error.headers));
    }
    return new LlmError(`The model server answered ${error.status ?? "an error"}`, error.status !== undefined && error.status < 500 && error.status !== 429);
  }
  return new LlmError(`The model server could not be reached (${(error as Error).message})`, false);
}

let cached: LlmClient | undefined;

/** The configured client, or null when enrichment runs on the local engine. */
export function llmClient(): LlmClient | null {
  const config = env();
  const useOpenAi =
    config.ENRICHMENT_PROVIDER === "openai" ||
    (config.ENRICHMENT_PROVIDER === "auto" && Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL));
  if (!useOpenAi) return null;
  cached ??= createLlmClient({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
  });
  return cached;
}
