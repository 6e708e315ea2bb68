import type { Role } from "./user";

/**
 * The feature catalogue and the role × feature table, shared by the browser and the server.
 * The server decides with `app/server/billing/entitlements.server.ts`, which reads the table
 * through its flags store; pages get their answers from loaders, never from here directly.
 */
export const FEATURE_KEYS = [
  "clipboardPrompt",
  "bookmarkletSupport",
  "advancedSummary",
  "codeSnippets",
  "tagSuggestions",
  "quizGenerator",
  "summaryRephrasing",
  "miniCourse",
  "markdownExport",
  "affiliateLinks",
  "publicLinkSharing",
  "contentPreferences",
  "batchProcessing",
  "apiAccess",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export function isFeatureKey(value: string): value is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(value);
}

export interface FeatureInfo {
  key: FeatureKey;
  name: string;
  description: string;
  category: "core" | "content" | "export" | "premium" | "sharing";
  /**
   * False until the feature exists. An unbuilt feature is "coming soon" for every role, Admin
   * included, and the server refuses it; its own issue flips this when it lands.
   */
  built: boolean;
}

export const FEATURES: FeatureInfo[] = [
  { key: "clipboardPrompt", name: "Clipboard suggestions", description: "Offers the URL on your clipboard when you add a link.", category: "core", built: true },
  { key: "bookmarkletSupport", name: "Bookmarklet", description: "Save the page you are on with one click.", category: "core", built: true },
  { key: "advancedSummary", name: "Advanced summaries", description: "Key points and takeaways on top of the summary.", category: "content", built: true },
  { key: "codeSnippets", name: "Code snippets", description: "Code blocks collected with their language, ready to copy.", category: "content", built: true },
  { key: "tagSuggestions", name: "Tag suggestions", description: "More tags to accept or dismiss.", category: "content", built: true },
  { key: "quizGenerator", name: "Quiz generator", description: "Five questions to check what you learned.", category: "content", built: true },
  { key: "summaryRephrasing", name: "Rephrasing by difficulty", description: "Beginner, intermediate or expert summaries.", category: "content", built: true },
  { key: "miniCourse", name: "AI mini course", description: "A short course built from the page.", category: "content", built: true },
  { key: "markdownExport", name: "Markdown and PDF export", description: "Take a link and its enrichments with you.", category: "export", built: true },
  { key: "affiliateLinks", name: "Affiliate links", description: "Keep your affiliate tags on shared links.", category: "premium", built: true },
  { key: "publicLinkSharing", name: "Public sharing", description: "Share a public page for any link.", category: "sharing", built: true },
  { key: "contentPreferences", name: "Content preferences", description: "Summary length, language and difficulty.", category: "premium", built: true },
  { key: "batchProcessing", name: "Batch processing", description: "Enrich many links at once.", category: "premium", built: true },
  { key: "apiAccess", name: "API access", description: "Personal API tokens for your own tools.", category: "premium", built: true },
];

export function featureInfo(key: FeatureKey): FeatureInfo {
  return FEATURES.find((feature) => feature.key === key)!;
}

/** The roles a plan is sold to; Admin is not in the table (it has every built feature). */
export const PLAN_ROLES = ["FreeUser", "LiteUser", "ProUser"] as const satisfies readonly Role[];
export type PlanRole = (typeof PLAN_ROLES)[number];

/** Which plan role has which feature. The admin's feature toggles (a later issue) edit this table. */
export type FeatureTable = Record<FeatureKey, Record<PlanRole, boolean>>;

/** As the pricing page sells them: Free shares publicly; Scout adds the Scout list; Creator has all. */
export const DEFAULT_FEATURE_TABLE: FeatureTable = {
  clipboardPrompt: { FreeUser: false, LiteUser: true, ProUser: true },
  bookmarkletSupport: { FreeUser: false, LiteUser: true, ProUser: true },
  advancedSummary: { FreeUser: false, LiteUser: true, ProUser: true },
  codeSnippets: { FreeUser: false, LiteUser: true, ProUser: true },
  tagSuggestions: { FreeUser: false, LiteUser: true, ProUser: true },
  publicLinkSharing: { FreeUser: true, LiteUser: true, ProUser: true },
  quizGenerator: { FreeUser: false, LiteUser: false, ProUser: true },
  summaryRephrasing: { FreeUser: false, LiteUser: false, ProUser: true },
  miniCourse: { FreeUser: false, LiteUser: false, ProUser: true },
  markdownExport: { FreeUser: false, LiteUser: false, ProUser: true },
  affiliateLinks: { FreeUser: false, LiteUser: false, ProUser: true },
  contentPreferences: { FreeUser: false, LiteUser: false, ProUser: true },
  batchProcessing: { FreeUser: false, LiteUser: false, ProUser: true },
  apiAccess: { FreeUser: false, LiteUser: false, ProUser: true },
};

/**
 * What a role may do with a feature: use it, upgrade for it, wait for it to be built, or do
 * without it while the operator has it switched off (no plan would buy it back).
 */
export type FeatureAccess = "available" | "locked" | "switched-off" | "coming-soon";
export type FeatureAccessMap = Record<FeatureKey, FeatureAccess>;

export function accessTo(table: FeatureTable, role: Role, key: FeatureKey): FeatureAccess {
  if (!featureInfo(key).built) return "coming-soon";
  if (role === "Admin") return "available";
  if (table[key][role]) return "available";
  // The plan sells it and an admin switched it off, or no plan has it now: "upgrade" would be untrue.
  if (DEFAULT_FEATURE_TABLE[key][role] || planUnlocking(table, key) === null) return "switched-off";
  return "locked";
}

/** What the user reads about a feature the operator switched off (refusals, cards, the sidebar). */
export function switchedOffMessage(key: FeatureKey): string {
  return `${featureInfo(key).name} is switched off for now by the operator.`;
}

/** The features a plan sells (the table in code) that the operator has switched off for it now. */
export function switchedOffFor(table: FeatureTable, role: PlanRole): FeatureKey[] {
  return FEATURE_KEYS.filter((key) => featureInfo(key).built && DEFAULT_FEATURE_TABLE[key][role] && !table[key][role]);
}

export function accessMap(table: FeatureTable, role: Role): FeatureAccessMap {
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, accessTo(table, role, key)])) as FeatureAccessMap;
}

/** Where a refusal sends the user: the upgrade page, with the feature's plan highlighted. */
export function upgradeUrl(feature?: FeatureKey): string {
  return feature ? `/upgrade?feature=${feature}` : "/upgrade";
}

/** The cheapest paid plan whose role has the feature, or null (unknown key, or no plan has it). */
export function planUnlocking(table: FeatureTable, feature: string | null): "scout" | "creator" | null {
  if (!feature || !isFeatureKey(feature)) return null;
  if (table[feature].LiteUser) return "scout";
  if (table[feature].ProUser) return "creator";
  return null;
}
