/**
 * The one answer to "may this user do X, and how much": monthly allowance, feature access,
 * watermark, queue priority, and the refusals (403 with an upgrade URL). Routes, services,
 * the worker and the dashboard all ask here, so what a page shows is what the server enforces.
 */
import {
  DEFAULT_FEATURE_TABLE,
  accessMap,
  accessTo,
  featureInfo,
  planUnlocking,
  switchedOffFor,
  switchedOffMessage,
  upgradeUrl,
  type FeatureAccessMap,
  type FeatureKey,
  type FeatureTable,
  type PlanRole,
} from "~/lib/entitlements";
import type { Role } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { singleton } from "../platform/singleton.server";

/**
 * Where the role × feature table comes from. The default is the table in code; web and worker
 * install the admin's Postgres-backed store at start-up (`admin/feature-flags.server.ts`).
 */
export interface FeatureFlagStore {
  featureTable(): Promise<FeatureTable>;
}

export const defaultFeatureFlagStore: FeatureFlagStore = {
  featureTable: async () => DEFAULT_FEATURE_TABLE,
};

/**
 * The installed store lives in the process-wide registry, not in this module: the Express
 * server installs it, and the Remix build loads its own copy of this module, which must read
 * the same store.
 */
function storeSlot(): { store: FeatureFlagStore } {
  return singleton("feature-flag-store", () => ({ store: defaultFeatureFlagStore }));
}

/** Swaps the store (at start-up, or in a test); returns a function that puts the previous one back. */
export function setFeatureFlagStore(store: FeatureFlagStore): () => void {
  const slot = storeSlot();
  const previous = slot.store;
  slot.store = store;
  return () => {
    slot.store = previous;
  };
}

export function featureTable(): Promise<FeatureTable> {
  return storeSlot().store.featureTable();
}

/**
 * What each plan buys in amounts rather than on/off features; these are the plan's terms, not
 * admin toggles. Allowance: enrichments per calendar month (UTC), null is unlimited, pack
 * credits come on top. Priority: BullMQ runs lower numbers first, so paid plans jump the queue.
 */
const PLAN_TERMS: Record<Role, { monthlyAllowance: number | null; watermark: boolean; queuePriority: number }> = {
  FreeUser: { monthlyAllowance: 5, watermark: true, queuePriority: 10 },
  LiteUser: { monthlyAllowance: 30, watermark: false, queuePriority: 1 },
  ProUser: { monthlyAllowance: null, watermark: false, queuePriority: 1 },
  Admin: { monthlyAllowance: null, watermark: false, queuePriority: 1 },
};

export function monthlyAllowance(role: Role): number | null {
  return PLAN_TERMS[role].monthlyAllowance;
}

/** Whether the role's public share pages carry the watermark. */
export function hasWatermark(role: Role): boolean {
  return PLAN_TERMS[role].watermark;
}

export function queuePriority(role: Role): number {
  return PLAN_TERMS[role].queuePriority;
}

export async function featureAccess(role: Role): Promise<FeatureAccessMap> {
  return accessMap(await featureTable(), role);
}

/** True only for a built feature the role has. */
export async function can(role: Role, feature: FeatureKey): Promise<boolean> {
  return accessTo(await featureTable(), role, feature) === "available";
}

/** Everything the dashboard shows about the plan, from the same answers the server enforces. */
export interface Entitlements {
  monthlyAllowance: number | null;
  watermark: boolean;
  features: FeatureAccessMap;
}

export async function entitlementsFor(role: Role): Promise<Entitlements> {
  return { monthlyAllowance: monthlyAllowance(role), watermark: hasWatermark(role), features: await featureAccess(role) };
}

/** The plan the upgrade page highlights for a feature key from its query string. */
export async function planUnlockingFeature(feature: string | null): Promise<"scout" | "creator" | null> {
  return planUnlocking(await featureTable(), feature);
}

/** Per plan role, the features it sells that the operator has switched off now (plan cards leave them out). */
export async function switchedOffByPlan(): Promise<Record<PlanRole, FeatureKey[]>> {
  const table = await featureTable();
  return { FreeUser: switchedOffFor(table, "FreeUser"), LiteUser: switchedOffFor(table, "LiteUser"), ProUser: switchedOffFor(table, "ProUser") };
}

/** What a refusal says; a feature without its own sentence gets the general one. */
const REFUSALS: Partial<Record<FeatureKey, string>> = {
  advancedSummary: "Advanced summary is part of a higher plan. Upgrade to unlock it.",
  quizGenerator: "Quiz is part of a higher plan. Upgrade to unlock it.",
  summaryRephrasing: "Rephrase is part of a higher plan. Upgrade to unlock it.",
  miniCourse: "Mini-course is part of a higher plan. Upgrade to unlock it.",
  markdownExport: "Markdown and PDF export are part of the Creator plan.",
  contentPreferences: "Content preferences are part of the Creator plan.",
  publicLinkSharing: "Public sharing is not part of your plan.",
};

/** The one refusal shape: 403 `{message, upgradeUrl}`. */
function refusal(message: string, feature?: FeatureKey): HttpError {
  return new HttpError(403, message, {}, { upgradeUrl: upgradeUrl(feature) });
}

/**
 * The 403 refusal when the role may not use the feature, else null. A feature that is not
 * built is refused for everyone, with no upgrade URL: no plan buys it yet. The worker asks
 * this when a job runs, and records the refusal's message as the job's reason.
 */
export async function featureRefusal(role: Role, feature: FeatureKey): Promise<HttpError | null> {
  const access = accessTo(await featureTable(), role, feature);
  if (access === "available") return null;
  const { name } = featureInfo(feature);
  if (access === "coming-soon") return new HttpError(403, `${name} is coming soon.`);
  // No upgrade URL: no plan buys back what the operator switched off.
  if (access === "switched-off") return new HttpError(403, switchedOffMessage(feature));
  return refusal(REFUSALS[feature] ?? `${name}: part of a higher plan. Upgrade to unlock it.`, feature);
}

/** Throws the 403 refusal (see featureRefusal) unless the role may use the feature. */
export async function requireFeature(role: Role, feature: FeatureKey): Promise<void> {
  const refused = await featureRefusal(role, feature);
  if (refused) throw refused;
}

export const QUOTA_EXCEEDED = "Monthly enrichment limit reached — buy a pack or upgrade";

/** The refusal when no enrichment is left this month and no pack credit either. */
export function quotaRefusal(): HttpError {
  return refusal(QUOTA_EXCEEDED);
}
