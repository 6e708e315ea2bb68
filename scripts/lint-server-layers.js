import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: this file sits in scripts/. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The rooms of app/server in layers, lowest first (decision 036). A room imports only rooms of a
 * lower layer, never one beside it or above it, so the folders can never import each other in a
 * circle; routes (app/routes) and the worker (worker/) sit above every layer. A new room goes
 * into this table before its first import is allowed.
 */
export const SERVER_LAYERS = [
  ["platform"], // env, db, redis, logger, process, metrics, HTTP errors, queue names: no domain
  ["repos"], // the only SQL, one module per table family
  ["highlights"], // the user's highlights and notes (decision 060): below every export that carries them
  ["audit", "mail", "notifications"], // what every domain may record, send or announce
  ["billing"], // plans, entitlements, quota, payments
  ["jobs", "accounts"], // queue definitions, payloads, failure policy, log lines; users and sessions
  ["fetching", "ops"], // pages fetched and parsed; health, migrations, the ops server
  ["webhooks"], // outbound webhooks: users' endpoints, their events' deliveries (decision 067)
  ["links"],
  ["reader"], // the reader view: a link's article, sanitised, and the owner's place in it (decision 055)
  ["enrichment"], // engines, artifacts and a link's enrichment run
  ["admin", "api", "feeds", "imports", "jobs-console", "mcp", "review", "seed", "sharing", "support"], // review: cards and FSRS (decision 068); feeds: subscriptions polled into links (decision 070)
  ["web"], // the Express server that mounts Remix, the queue board and the feature-flag store
];

/**
 * Each room's entry modules: what other rooms, routes and the worker may import. Everything else
 * in the room is its own business (tests and scripts may still reach it). `"*"` means every
 * module is an entry: platform's modules are each one small service, repos' one table family.
 */
export const SERVER_ENTRIES = {
  platform: "*",
  repos: "*",
  highlights: ["highlights"],
  audit: ["audit"],
  mail: ["mail-templates", "mailer", "outbox"],
  notifications: ["events", "notifications"],
  billing: ["billing", "checkout", "entitlements", "fulfilment", "ledger", "notify-signups", "quota", "sales", "stripe-webhook", "subscriptions", "test-checkout"],
  jobs: ["failures", "import-fairness", "link-attempts", "log-lines", "queue", "queue-depth"],
  accounts: ["accounts", "api-tokens", "auth", "data-export", "password", "settings"],
  fetching: ["browser", "browser-fetch", "fetch-cache", "fetcher", "host-limits", "interactive-first", "page-fetch", "page-parse-pool", "page-parser", "noise", "render"],
  ops: ["health", "migrator", "ops-server"],
  webhooks: ["webhooks"],
  links: ["bulk", "earlier-links", "favicons", "library", "links", "preview", "share-target"],
  reader: ["reader"],
  enrichment: ["artifact-route", "artifacts", "enrich-link", "enricher", "export-route", "key-terms", "link-export", "openai/llm", "preferences"],
  admin: ["activity", "console", "feature-flags", "queue-board", "stats", "users"],
  api: ["openapi", "reference", "routes"],
  mcp: ["mcp"],
  imports: ["export-all", "imports"],
  feeds: ["feeds"],
  review: ["review"],
  "jobs-console": ["operations", "replay"],
  seed: ["demo-seed", "seed"],
  sharing: ["affiliate", "sharing", "site-files", "trending"],
  support: ["contact"],
  web: ["web"],
};

const RANK = new Map(SERVER_LAYERS.flatMap((rooms, rank) => rooms.map((room) => [room, rank])));
const DECISION = "docs/decisions/036-server-layers.md";

/** The room and module (without `.server.ts`) an absolute path names, or null outside app/server. */
function serverModule(root, absolute) {
  const relative = path.relative(path.join(root, "app", "server"), absolute);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [room, ...rest] = relative.split(path.sep);
  return { room, module: rest.join("/").replace(/\.(ts|tsx|js)$/, "").replace(/\.server$/, "") };
}

/** Who imports: a room of app/server, or "top" for routes and the worker; null for anyone else. */
function importerOf(root, filename) {
  const server = serverModule(root, filename);
  if (server) return server;
  const relative = path.relative(root, filename).split(path.sep).join("/");
  return relative.startsWith("app/routes/") || relative.startsWith("worker/") ? { room: "top" } : null;
}

function resolveSpecifier(root, filename, specifier) {
  if (specifier.startsWith("~/")) return path.join(root, "app", specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(filename), specifier);
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const layers = {
  meta: {
    type: "problem",
    docs: { description: "app/server rooms import only lower layers, and only their entry modules" },
    schema: [],
  },
  create(context) {
    const root = ROOT;
    const importer = importerOf(root, context.filename);
    if (!importer) return {};

    function check(node, source) {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const absolute = resolveSpecifier(root, context.filename, source.value);
      const target = absolute && serverModule(root, absolute);
      if (!target || target.room === importer.room) return;
      const report = (message) => context.report({ node: source, message });
      if (!RANK.has(target.room)) return report(`app/server/${target.room} is in no layer: add it to SERVER_LAYERS in scripts/lint-server-layers.js (${DECISION}).`);
      if (importer.room !== "top") {
        if (!RANK.has(importer.room)) return report(`app/server/${importer.room} is in no layer: add it to SERVER_LAYERS in scripts/lint-server-layers.js (${DECISION}).`);
        const [from, to] = [RANK.get(importer.room), RANK.get(target.room)];
        if (to >= from) {
          const where = to === from ? "beside it" : "above it";
          return report(
            `app/server/${importer.room} (layer ${from}) may not import app/server/${target.room} (layer ${to}, ${where}): imports go down the layers only; move the shared part a layer down (${DECISION}).`,
          );
        }
      }
      const entries = SERVER_ENTRIES[target.room];
      if (entries !== "*" && !(entries ?? []).includes(target.module)) {
        report(`${target.module} is internal to app/server/${target.room}: import one of its entry modules (${(entries ?? []).join(", ")}), or list it in SERVER_ENTRIES.`);
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { layers } };
