import { ENRICHMENT_PROVIDERS } from "~/lib/vocabulary";
import * as z from "zod";
import { QUEUE_NAMES, isQueueName, type QueueName } from "./queue-names.server";

/**
 * Every environment variable the web server and the worker read, parsed once.
 * A bad value stops the process with a message that names the variable.
 */
const booleanFromString = z
  .enum(["true", "false", "1", "0", ""])
  .transform((value) => value === "true" || value === "1");

const MAX_CONCURRENCY = 256;
const QUEUE_LIST = QUEUE_NAMES.join(", ");

/** Jobs at once per queue in one worker process: one number for every queue, and exceptions by name. */
export interface ConcurrencySetting {
  /** Every queue not named. */
  all: number;
  byQueue: Record<QueueName, number>;
  /** The queues named, with their numbers. */
  named: Partial<Record<QueueName, number>>;
}

/**
 * WORKER_CONCURRENCY: comma-separated entries, each a number (every queue not named) or
 * `queue=number`: `8`, `enrich-link=8,enrich-task=2`, `4,enrich-task=1`. A queue not named
 * takes the bare number, else 8 (except the two render queues, which parseEnv gives the browser's
 * pages: see browserPages).
 */
export function parseConcurrency(value: string): { ok: true; value: ConcurrencySetting } | { ok: false; error: string } {
  let all: number | undefined;
  const named = new Map<QueueName, number>();
  const count = (text: string) => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_CONCURRENCY ? Number(text) : undefined);
  for (const raw of value.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [name, number, extra] = entry.includes("=") ? entry.split("=").map((part) => part.trim()) : [undefined, entry];
    const jobs = number === undefined || extra !== undefined ? undefined : count(number);
    if (jobs === undefined) {
      return { ok: false, error: `"${entry}" is not a number from 1 to ${MAX_CONCURRENCY} or queue=number (e.g. 8, or enrich-link=8,enrich-task=2)` };
    }
    if (name === undefined) {
      if (all !== undefined) return { ok: false, error: `gives the number for every queue twice ("${all}" and "${entry}")` };
      all = jobs;
      continue;
    }
    if (!isQueueName(name)) return { ok: false, error: `"${name}" is not a queue (queues: ${QUEUE_LIST})` };
    if (named.has(name)) return { ok: false, error: `names the queue "${name}" twice` };
    named.set(name, jobs);
  }
  const every = all ?? 8;
  const byQueue = Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, named.get(queue) ?? every])) as Record<QueueName, number>;
  return { ok: true, value: { all: every, byQueue, named: Object.fromEntries(named) } };
}

/** WORKER_QUEUES: the queues this process consumes, comma-separated; empty = all of them. */
export function parseQueueList(value: string): { ok: true; value: QueueName[] } | { ok: false; error: string } {
  const names = value.split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !isQueueName(name));
  if (unknown.length) return { ok: false, error: `${unknown.map((name) => `"${name}"`).join(", ")} ${unknown.length === 1 ? "is not a queue" : "are not queues"} (queues: ${QUEUE_LIST})` };
  if (new Set(names).size !== names.length) return { ok: false, error: "names a queue twice" };
  // Kept in the canonical order, so logs and metrics read the same whatever order was written.
  return { ok: true, value: names.length ? QUEUE_NAMES.filter((name) => names.includes(name)) : [...QUEUE_NAMES] };
}

/** Turns a parser's answer into a zod issue on the variable. */
function parsedWith<T>(parse: (value: string) => { ok: true; value: T } | { ok: false; error: string }) {
  return (value: string, ctx: z.RefinementCtx): T => {
    const result = parse(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.error });
    return z.NEVER;
  };
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  TRUST_PROXY: booleanFromString.default(false),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, "use a size such as 1mb or 512kb").default("1mb"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Multiplies every abuse limit of rate-limit.server.ts; 1 in production, raised by test setups. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Requests per minute each personal API token may make (its own budget, not scaled by the multiplier). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /**
   * How long after its owner last typed the password a session may list or end sessions,
   * download the account export and create or revoke API tokens (decision 048): 15 minutes.
   */
  RECENT_SIGN_IN_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(15 * 60_000),

  DATABASE_URL: z
    .string({ error: "is required (npm start sets it for you; see .env.example)" })
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),

  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// URL").default("redis://127.0.0.1:6379"),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, "may hold only letters, digits, _ and -")
    .default("linkwise"),

  /**
   * How long a process trusts its copy of the feature flags. A change is announced on Redis and
   * reaches every process at once; this only bounds how stale a copy gets if a message is missed.
   */
  FEATURE_FLAGS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),

  /** How many worker processes `npm start` runs beside the web server. */
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Jobs at once per queue in one worker process: `8`, or `enrich-link=8,enrich-task=2` (see parseConcurrency). */
  WORKER_CONCURRENCY: z.string().default("8").transform(parsedWith(parseConcurrency)),
  /** The queues a worker process consumes; empty = all, so several kinds of worker can share the work. */
  WORKER_QUEUES: z.string().default("").transform(parsedWith(parseQueueList)),
  /** Where each worker serves /metrics and /healthz (on HOST); 0 = no such server. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** A bearer token /metrics requires; without it /metrics answers only loopback callers. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  WORKER_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
  WEB_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  /** A file the worker touches on each heartbeat, for a container healthcheck (scripts/worker-health.ts). */
  WORKER_HEALTH_FILE: z.string().min(1).optional(),

  /** Signs the session cookie. Required in production; `npm start` generates and keeps one. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** smtp://user:pass@host:587 or smtps://...; without it mail goes to the dev outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().min(3).default("Linkwise <no-reply@linkwise.local>"),
  /** Where contact-form messages are mailed. */
  SUPPORT_EMAIL: z.email().default("support@linkwise.local"),

  /** host or host:port entries the fetcher may reach even on private addresses (tests, intranets). */
  FETCH_ALLOWLIST: z
    .string()
    .default("")
    .transform((value) => value.split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean)),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  FETCH_MAX_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  /** Requests in flight at once to one host, across every worker process (counted in Redis). */
  CRAWLER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A host's Retry-After (429/503) is honoured up to this long; a longer one is cut to it. */
  CRAWLER_RETRY_AFTER_MAX_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
  /** Times a job may be put back because its host asked us to wait; then it fails with the reason. */
  CRAWLER_MAX_DEFERRALS: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How long a job waits in the worker for a host slot or another save's fetch of its page before it steps aside (delayed, no attempt spent). */
  CRAWLER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** A page fetched for one user is reused for everyone who saves it this long after (the shared fetch cache); 0 = off. */
  FETCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(86_400_000),
  /** A page that failed for good (404, not a page...) is not fetched again for saves queued meanwhile, for this long. */
  FETCH_CACHE_NEGATIVE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * The headless browser for script-built pages (decision 030): auto renders a page whose HTML
   * has little text but loads scripts; always renders every HTML page; off never. Off, whatever
   * this says, when no Chromium is found.
   */
  CRAWLER_BROWSER: z.enum(["auto", "always", "off"]).default("auto"),
  /** The Chromium to drive; unset: /usr/bin/chromium, then chromium-browser and other usual places. */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /**
   * Pages rendered at once per worker process for any work; one more is kept for links people
   * add, which imports and bulk work never take (decision 049).
   */
  CRAWLER_BROWSER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Hard limit for one page in the browser, scripts and their requests included. */
  CRAWLER_BROWSER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  /** The browser's memory (all its processes' RSS) past which it is restarted after a page. */
  CRAWLER_BROWSER_MAX_RSS_MB: z.coerce.number().int().min(1).max(65_536).default(512),
  /** Time one page's parse may take on a parser thread; a page over it is too complex to read. */
  PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8_000),
  /** Parser threads per process (web: previews; worker: enrichment). */
  PARSE_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  /** A PDF reader process past this resident memory is killed and the PDF refused (decision 045). */
  PDF_MAX_RSS_MB: z.coerce.number().int().min(128).max(16_384).default(512),
  /** Link previews in progress at once per web process; more answer 503 with Retry-After. */
  PREVIEW_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** First retry delay of a failed job; later ones double. */
  JOB_BACKOFF_MS: z.coerce.number().int().min(0).default(5_000),
  /** First retry delay of a webhook delivery that failed; later ones double (6 attempts in all). */
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often a feed that answers is polled (decision 070); a failing one backs off from 1 h to 24 h instead. */
  FEED_POLL_INTERVAL_MS: z.coerce.number().int().min(60_000).default(60 * 60 * 1000),
  /** A webhook is turned off after this many deliveries in a row failed for good, and its owner told. */
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(1_000).default(15),
  /** How long a killed worker's job stays locked before another worker takes it over. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** The reconciler re-enqueues links pending longer than this with no live job. */
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(60_000),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).default(30_000),
  /** A deleted link can be restored this long (Undo, Recently deleted: 30 days, decision 042); then the worker's link-purge removes it for good. */
  LINK_PURGE_AFTER_MS: z.coerce.number().int().min(10_000).default(2_592_000_000),

  /** auto: the OpenAI-compatible provider when OPENAI_API_KEY or OPENAI_BASE_URL is set, else local. */
  ENRICHMENT_PROVIDER: z.enum(["auto", ...ENRICHMENT_PROVIDERS]).default("auto"),
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, LM Studio, OpenRouter... */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Page text per model call, in tokens (about 4 characters each); longer pages are map-reduced. */
  LLM_CHUNK_TOKENS: z.coerce.number().int().min(200).default(6_000),
  /** Jobs that call the model started per minute on each such queue, across all workers; 0 = no limit. */
  LLM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(0),

  /** Set: plans and packs are sold through Stripe. Unset: the labelled test-mode checkout (no card is charged). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Verifies `POST /api/webhooks/stripe` (the endpoint's signing secret, whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API host (tests point the SDK at a local server); default Stripe's own. */
  STRIPE_API_BASE: z.url().optional(),
  /** open: plans and packs are sold; coming-soon: paid plans show Coming Soon and checkout answers 409. An admin can change it at run time. */
  SALES_STATE: z.enum(["open", "coming-soon"]).default("open"),

  ADMIN_EMAIL: z.email().default("admin@linkwise.local"),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").optional(),
});

/** Every variable the schema reads, for the docs check (docs/configuration.md and .env.example list them all). */
export const ENV_KEYS = Object.keys(envSchema.shape);

export type Env = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "WORKER_CONCURRENCY"> & {
  APP_URL: string;
  SESSION_SECRET: string;
  /** Jobs at once for every queue not named in WORKER_CONCURRENCY. */
  WORKER_CONCURRENCY: number;
  /** Jobs at once per queue, from WORKER_CONCURRENCY. */
  queueConcurrency: Record<QueueName, number>;
  /**
   * Pages the headless browser renders at once for any work (CRAWLER_BROWSER_CONCURRENCY, or
   * render=N in WORKER_CONCURRENCY); one more is kept for people's links (decision 049).
   */
  browserPages: number;
};

const DEV_SESSION_SECRET = "development-only-session-secret-change-me";

export class EnvError extends Error {
  override name = "EnvError";
}

/** Empty strings mean "not set", as in a .env file with `KEY=`. */
function setValues(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
}

function invalid(error: z.ZodError): EnvError {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  return new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

/** Parses a set of variables; pure, so tests can feed it any record. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(setValues(source));
  if (!result.success) throw invalid(result.error);
  const env = result.data;
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new EnvError("Invalid environment:\n  SESSION_SECRET: is required in production (32+ random characters)");
  }
  const appUrl = env.APP_URL ?? `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
  if (env.WORKER_CONCURRENCY.named["render-background"] !== undefined) {
    throw new EnvError("Invalid environment:\n  WORKER_CONCURRENCY: render-background follows render (the browser's pages for any work); name render instead");
  }
  // A browser page costs far more than a fetch: the render queues take the browser's number, not
  // the bare one. Background renders use at most that many pages; people's take one more.
  const browserPages = env.WORKER_CONCURRENCY.named.render ?? env.CRAWLER_BROWSER_CONCURRENCY;
  return {
    ...env,
    APP_URL: appUrl.replace(/\/$/, ""),
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    WORKER_CONCURRENCY: env.WORKER_CONCURRENCY.all,
    queueConcurrency: { ...env.WORKER_CONCURRENCY.byQueue, render: browserPages + 1, "render-background": browserPages },
    browserPages,
  };
}

/** HOST and PORT alone, for `npm start` to check the port before it starts anything. */
export function parseListenAddress(source: Record<string, string | undefined>): { HOST: string; PORT: number } {
  const result = envSchema.pick({ HOST: true, PORT: true }).safeParse(setValues(source));
  if (!result.success) throw invalid(result.error);
  return result.data;
}

let cached: Env | undefined;

/** The process's environment, parsed on first use and then shared. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The only values the browser may see. */
export function publicEnv(env: Env) {
  return { APP_URL: env.APP_URL, NODE_ENV: env.NODE_ENV };
}
