import * as z from "zod";
import { formatUtcText } from "./datetime";
import { FEATURES, PLAN_ROLES, type PlanRole } from "./entitlements";
import { formatEur } from "./plans";
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

/** An internal id an event names (a subscription, an invoice, a checkout): for support, never prose. */
export const activityReferenceSchema = z.object({ label: z.string(), value: z.string() });
export type ActivityReference = z.infer<typeof activityReferenceSchema>;

/** One audit event as the console and `GET /api/admin/activity` show it. */
export const activityEventSchema = auditEventViewSchema
  .extend({
    summary: z.string().describe('One readable sentence ("admin@x changed role of bob@y from Free to Scout").'),
    details: z
      .array(z.string())
      .describe('What changed, one line per value, when the sentence does not say it all ("Joined: 2026-11-28 16:53 UTC", "Plan: Free → Scout").'),
    references: z
      .array(activityReferenceSchema)
      .describe("Internal ids the event names (subscription, invoice, checkout…), kept out of the sentence and the details."),
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

type Described = { summary: string; details: string[]; references: ActivityReference[] };
type EventFacts = Pick<ActivityEvent, "action" | "actor" | "target" | "before" | "after">;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isRole = (value: unknown): value is Role => typeof value === "string" && value in ROLE_LABELS;

function roleLabel(value: unknown): string | null {
  const role = isRecord(value) ? value.role : undefined;
  return isRole(role) ? ROLE_LABELS[role] : null;
}

const FEATURE_NAMES = new Map<string, string>(FEATURES.map((feature) => [feature.key, feature.name]));
const isPlanRole = (segment: string): segment is PlanRole => (PLAN_ROLES as readonly string[]).includes(segment);

/** Leaves of a JSON value by dotted path; arrays are compared whole. */
function flatten(value: unknown, path: string[] = [], into = new Map<string, { path: string[]; value: unknown }>()) {
  if (isRecord(value) && (Object.keys(value).length > 0 || path.length === 0)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, [...path, key], into);
  } else if (value !== undefined && (path.length > 0 || value !== null)) {
    into.set(path.join("."), { path, value });
  }
  return into;
}

// Keys whose words are not the key's own.
const KEY_LABELS: Record<string, string> = {
  joinedAt: "Joined",
  role: "Plan",
  plan: "Plan",
  grant: "Granted plan",
  sessionsEnded: "Other sessions signed out",
  amountCents: "Amount",
  amountRefundedCents: "Amount refunded",
  failedReason: "Reason",
};

/** An id of ours or a provider's: `id`, `…Id` or `…_id`. Shown as a reference, never as a detail. */
const isIdKey = (key: string) => key === "id" || /[a-z](Id|_id)$/.test(key);

/** "creditsAlreadySpent" → "Credits already spent". */
function words(key: string): string {
  const known = KEY_LABELS[key];
  if (known) return known;
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value in words: a role by its plan name, cents in euros, an instant as the app writes dates. */
function show(value: unknown, { key, asSwitch }: { key: string; asSwitch: boolean }): string {
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (asSwitch && typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && /Cents$/.test(key)) return formatEur(value / 100);
  if (isRole(value)) return ROLE_LABELS[value];
  if (typeof value === "string" && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatUtcText(value, "datetime");
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) return value.map((item) => show(item, { key, asSwitch })).join(", ");
  return JSON.stringify(value);
}

const MAX_DETAILS = 6;

/**
 * One line per changed value between `before` and `after`, in words: a path naming a feature
 * and a plan role reads as a flag ("Quiz generator for Creator: on → off"), any other as
 * "Label: a → b" with its key in words ("Joined", "Amount") and its value as people read it
 * (a plan name, euros, a date). Ids go to `references`, never into the lines.
 */
export function describeChanges(before: unknown, after: unknown): { details: string[]; references: ActivityReference[] } {
  const old = flatten(before ?? null);
  const now = flatten(after ?? null);
  const lines: string[] = [];
  const references: ActivityReference[] = [];
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(key);
    const is = now.get(key);
    const path = (is ?? was)!.path;
    const last = path.at(-1) ?? "";
    if (isIdKey(last)) {
      const value = (is ?? was)!.value;
      if (value !== null && value !== undefined) references.push({ label: path.map(words).join(" · "), value: String(value) });
      continue;
    }
    if (was && is && JSON.stringify(was.value) === JSON.stringify(is.value)) continue;
    const feature = path.find((segment) => FEATURE_NAMES.has(segment));
    const role = path.find(isPlanRole);
    const flag = feature !== undefined && role !== undefined;
    const label = flag ? `${FEATURE_NAMES.get(feature)} for ${ROLE_LABELS[role]}` : path.map(words).join(" · ") || "Value";
    const text = (value: unknown) => show(value, { key: last, asSwitch: flag });
    lines.push(was ? `${label}: ${text(was.value)} → ${text(is?.value)}` : `${label}: ${text(is!.value)}`);
  }
  const details = lines.length <= MAX_DETAILS ? lines : [...lines.slice(0, MAX_DETAILS), `and ${lines.length - MAX_DETAILS} more`];
  return { details, references };
}

/** The sentence alone, with whatever ids the event's values name kept as references. */
function sentence(summary: string, event: EventFacts): Described {
  return { summary, details: [], references: describeChanges(event.before, event.after).references };
}

/** The sentence with the event's changes listed under it. */
function withChanges(summary: string, event: EventFacts, before: unknown = event.before): Described {
  return { summary, ...describeChanges(before, event.after) };
}

const amountOf = (value: unknown) => (isRecord(value) && typeof value.amountCents === "number" ? formatEur(value.amountCents / 100) : null);

/**
 * A sentence for an audit event. Known actions have their own wording; any other reads as
 * "actor: the action, target" with its changes listed, so events added later stay readable.
 * People are named by their label (an email; activity.server.ts fills it in for events that
 * stored only an id), never by an id.
 */
export function describeActivity(event: EventFacts): Described {
  const described = describeKnown(event);
  // "a deleted account paid …" opens a sentence: capitalised (an email never starts with a word and a space).
  return { ...described, summary: described.summary.replace(/^an? /, (start) => start.charAt(0).toUpperCase() + start.slice(1)) };
}

function describeKnown(event: EventFacts): Described {
  const actor = event.actor ? (event.actor.label ?? "An account") : "The system";
  const target = event.target ? (event.target.label ?? (event.target.type === "user" ? "an account" : (event.target.id ?? event.target.type))) : null;
  const who = target ?? "an account";
  const self = event.actor !== null && event.actor.id !== null && event.actor.id === event.target?.id;
  switch (event.action) {
    case "account.signed-up": {
      const role = roleLabel(event.after);
      const base = !event.actor || self ? `${who} signed up` : `${actor} created the account ${who}`;
      return sentence(role ? `${base} as ${role}` : base, event);
    }
    case "account.deleted": {
      const summary = self || !event.actor ? `${who} deleted their account` : `${actor} deleted the account ${who}`;
      // The email is the sentence's already.
      const before = isRecord(event.before) ? { ...event.before, email: undefined } : event.before;
      return withChanges(summary, { ...event, before: null, after: before }, null);
    }
    case "account.password-changed":
      return withChanges(self ? `${who} changed their password` : `${actor} changed the password of ${who}`, event);
    case "account.email-changed": {
      const from = isRecord(event.before) && typeof event.before.email === "string" ? event.before.email : null;
      const to = isRecord(event.after) && typeof event.after.email === "string" ? event.after.email : who;
      return sentence(from ? `${from} changed their email address to ${to}` : `${who} changed their email address`, event);
    }
    case "user.role-changed": {
      const from = roleLabel(event.before);
      const to = roleLabel(event.after);
      if (from && to) return sentence(`${actor} changed role of ${who} from ${from} to ${to}`, event);
      return withChanges(`${actor} changed role of ${who}`, event);
    }
    case "user.deactivated":
      return sentence(`${actor} deactivated ${who}`, event);
    case "user.reactivated":
      return sentence(`${actor} reactivated ${who}`, event);
    case "user.deleted":
      return sentence(`${actor} deleted the account of ${who}`, event);
    case "user.confirmation-sent":
    case "user.confirmation-resent":
      return sentence(`${actor} resent the confirmation mail to ${who}`, event);
    case "user.password-reset-sent":
    case "user.reset-sent":
      return sentence(`${actor} sent a password-reset mail to ${who}`, event);
    case "flags.updated":
      return withChanges(`${actor} changed the feature flags`, event);
    case "pack.purchased": {
      const facts = (event.after ?? {}) as { credits?: number };
      const amount = amountOf(event.after);
      return sentence(`${who} bought ${facts.credits ?? "some"} enrichment credits${amount ? ` for ${amount}` : ""}`, event);
    }
    case "pack.refunded": {
      const facts = isRecord(event.after) ? event.after : {};
      const amount = typeof facts.amountRefundedCents === "number" ? formatEur(facts.amountRefundedCents / 100) : null;
      return withChanges(`${who} was refunded${amount ? ` ${amount}` : ""} for a credit pack`, { ...event, after: { ...facts, amountRefundedCents: undefined } });
    }
    case "subscription.started": {
      const plan = isRecord(event.after) && isRole(event.after.plan) ? ROLE_LABELS[event.after.plan] : null;
      return withChanges(`${who} subscribed${plan ? ` to ${plan}` : ""}`, { ...event, after: isRecord(event.after) ? { ...event.after, plan: undefined } : event.after });
    }
    case "invoice.paid": {
      const amount = amountOf(event.after);
      return sentence(`${who} paid${amount ? ` ${amount}` : ""} for their subscription`, event);
    }
    case "plan.changed": {
      const from = roleLabel(event.before);
      const to = roleLabel(event.after);
      return sentence(from && to ? `${who}'s plan changed from ${from} to ${to}` : `${who}'s plan changed`, event);
    }
    case "payment.failed": {
      const amount = amountOf(event.after);
      return sentence(`A payment${amount ? ` of ${amount}` : ""} by ${who} failed`, event);
    }
    case "credits.adjusted":
      return withChanges(`${actor} adjusted the credits of ${who}`, event);
    default: {
      const what = event.action.replace(/[._-]+/g, " ").trim() || "did something";
      return withChanges(target ? `${actor}: ${what} — ${target}` : `${actor}: ${what}`, event);
    }
  }
}
