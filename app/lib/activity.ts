import { z } from "zod";
import { FEATURES, PLAN_ROLES, type PlanRole } from "./entitlements";
import { ROLE_LABELS, type Role } from "./user";

/** The kinds of audit event the activity list filters by. */
export const ACTIVITY_KINDS = ["account", "user", "flag", "payment", "job"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  account: "Accounts",
  user: "Users",
  flag: "Feature flags",
  payment: "Payments",
  job: "Jobs",
};

/** One audit event as stored, with the ids and labels it names. */
export const auditEventViewSchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEventView = z.infer<typeof auditEventViewSchema>;

/** One audit event as the console and `GET /api/admin/activity` show it. */
export const activityEventSchema = auditEventViewSchema
  .extend({
    summary: z.string().describe('One readable sentence ("admin@x changed role of bob@y from Free to Scout").'),
    details: z.array(z.string()).describe("What changed, one line per value, when the sentence does not say it all."),
  })
  .meta({ id: "ActivityEvent" });
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityPageSchema = z
  .object({
    events: z.array(activityEventSchema),
    nextCursor: z.string().nullable().describe("Pass back as `cursor` for the next, older page; null on the last page."),
  })
  .meta({ id: "ActivityPage" });
export type ActivityPage = z.infer<typeof activityPageSchema>;

// Audit ids are bigints: a cursor beyond that range can never match and would make Postgres refuse.
const MAX_ID = 9_223_372_036_854_775_807n;
const emptyAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

/** `?kind=&cursor=&limit=`; empty values mean "not given". */
export const activityQuerySchema = z.object({
  kind: z.preprocess(emptyAsMissing, z.enum(ACTIVITY_KINDS, { error: `kind must be one of ${ACTIVITY_KINDS.join(", ")}` }).optional()),
  cursor: z.preprocess(
    emptyAsMissing,
    z
      .string()
      .refine((value) => /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_ID, "cursor is not valid")
      .optional(),
  ),
  limit: z.preprocess(emptyAsMissing, z.coerce.number({ error: "limit must be a number from 1 to 100" }).int().min(1).max(100).optional()),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

type Described = { summary: string; details: string[] };
type EventFacts = Pick<ActivityEvent, "action" | "actor" | "target" | "before" | "after">;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function roleLabel(value: unknown): string | null {
  const role = isRecord(value) ? value.role : undefined;
  return typeof role === "string" && role in ROLE_LABELS ? ROLE_LABELS[role as Role] : null;
}

const FEATURE_NAMES = new Map<string, string>(FEATURES.map((feature) => [feature.key, feature.name]));
const isPlanRole = (segment: string): segment is PlanRole => (PLAN_ROLES as readonly string[]).includes(segment);

/** Leaves of a JSON value by dotted path; arrays are compared whole. */
function flatten(value: unknown, path: string[] = [], into = new Map<string, { path: string[]; value: unknown }>()) {
  if (isRecord(value) && (Object.keys(value).length > 0 || path.length === 0)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, [...path, key], into);
  } else if (path.length > 0 || (value !== null && value !== undefined)) {
    into.set(path.join("."), { path, value });
  }
  return into;
}

function show(value: unknown, asSwitch: boolean): string {
  if (value === undefined) return "—";
  if (asSwitch && typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

const MAX_DETAILS = 6;

/**
 * One line per changed value between `before` and `after`. A path naming a feature and a plan
 * role reads as a flag ("Quiz generator for Creator: on → off"); anything else as "path: a → b".
 */
export function describeChanges(before: unknown, after: unknown): string[] {
  const old = flatten(before ?? null);
  const now = flatten(after ?? null);
  const lines: string[] = [];
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(key);
    const is = now.get(key);
    if (was && is && JSON.stringify(was.value) === JSON.stringify(is.value)) continue;
    const path = (is ?? was)!.path;
    const feature = path.find((segment) => FEATURE_NAMES.has(segment));
    const role = path.find(isPlanRole);
    const flag = feature !== undefined && role !== undefined;
    const label = flag ? `${FEATURE_NAMES.get(feature)} for ${ROLE_LABELS[role]}` : key || "value";
    lines.push(was ? `${label}: ${show(was.value, flag)} → ${show(is?.value, flag)}` : `${label}: ${show(is!.value, flag)}`);
  }
  if (lines.length <= MAX_DETAILS) return lines;
  return [...lines.slice(0, MAX_DETAILS), `and ${lines.length - MAX_DETAILS} more`];
}

/**
 * A sentence for an audit event. Known actions have their own wording; any other reads as
 * "actor: the action, target" with its changes listed, so events added later stay readable.
 */
export function describeActivity(event: EventFacts): Described {
  const actor = event.actor?.label ?? event.actor?.id ?? "The system";
  const target = event.target ? (event.target.label ?? event.target.id ?? event.target.type) : null;
  const who = target ?? "an account";
  switch (event.action) {
    case "account.signed-up": {
      const role = roleLabel(event.after);
      const self = !event.actor || (event.actor.id !== null && event.actor.id === event.target?.id);
      const base = self ? `${who} signed up` : `${actor} created the account ${who}`;
      return { summary: role ? `${base} as ${role}` : base, details: [] };
    }
    case "user.role-changed": {
      const from = roleLabel(event.before);
      const to = roleLabel(event.after);
      if (from && to) return { summary: `${actor} changed role of ${who} from ${from} to ${to}`, details: [] };
      return { summary: `${actor} changed role of ${who}`, details: describeChanges(event.before, event.after) };
    }
    case "user.deactivated":
      return { summary: `${actor} deactivated ${who}`, details: [] };
    case "user.reactivated":
      return { summary: `${actor} reactivated ${who}`, details: [] };
    case "user.deleted":
      return { summary: `${actor} deleted the account of ${who}`, details: [] };
    case "user.confirmation-resent":
      return { summary: `${actor} resent the confirmation mail to ${who}`, details: [] };
    case "user.reset-sent":
      return { summary: `${actor} sent a password-reset mail to ${who}`, details: [] };
    case "flags.updated":
      return { summary: `${actor} changed the feature flags`, details: describeChanges(event.before, event.after) };
    case "pack.purchased": {
      const facts = (event.after ?? {}) as { credits?: number; amountCents?: number };
      const amount = typeof facts.amountCents === "number" ? ` for EUR ${(facts.amountCents / 100).toFixed(2)}` : "";
      return { summary: `${who} bought ${facts.credits ?? "some"} enrichment credits${amount}`, details: [] };
    }
    case "plan.changed": {
      const from = roleLabel(event.before);
      const to = roleLabel(event.after);
      return { summary: from && to ? `${who}'s plan changed from ${from} to ${to}` : `${who}'s plan changed`, details: [] };
    }
    case "payment.failed":
      return { summary: `A payment by ${who} failed`, details: describeChanges(null, event.after) };
    case "credits.adjusted":
      return { summary: `${actor} adjusted the credits of ${who}`, details: describeChanges(event.before, event.after) };
    default: {
      const what = event.action.replace(/[._-]+/g, " ").trim() || "did something";
      return { summary: target ? `${actor}: ${what} — ${target}` : `${actor}: ${what}`, details: describeChanges(event.before, event.after) };
    }
  }
}
