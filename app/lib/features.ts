import type { Role } from "./user";

/** Feature keys and the role table of spec section 6. */
export const FEATURE_KEYS = [
  "clipboardPrompt",
  "bookmarkletSupport",
  "quizGenerator",
  "summaryRephrasing",
  "markdownExport",
  "affiliateLinks",
  "publicLinkSharing",
  "contentPreferences",
  "batchProcessing",
  "apiAccess",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export interface FeatureInfo {
  key: FeatureKey;
  name: string;
  description: string;
  category: "core" | "content" | "export" | "premium" | "sharing";
}

export const FEATURES: FeatureInfo[] = [
  { key: "clipboardPrompt", name: "Clipboard suggestions", description: "Offers the URL on your clipboard when you add a link.", category: "core" },
  { key: "bookmarkletSupport", name: "Bookmarklet", description: "Save the page you are on with one click.", category: "core" },
  { key: "quizGenerator", name: "Quiz generator", description: "Five questions to check what you learned.", category: "content" },
  { key: "summaryRephrasing", name: "Rephrasing by difficulty", description: "Beginner, intermediate or expert summaries.", category: "content" },
  { key: "markdownExport", name: "Markdown and PDF export", description: "Take a link and its enrichments with you.", category: "export" },
  { key: "affiliateLinks", name: "Affiliate links", description: "Keep your affiliate tags on shared links.", category: "premium" },
  { key: "publicLinkSharing", name: "Public sharing", description: "Share a public page for any link.", category: "sharing" },
  { key: "contentPreferences", name: "Content preferences", description: "Summary length, language and difficulty.", category: "premium" },
  { key: "batchProcessing", name: "Batch processing", description: "Enrich many links at once.", category: "premium" },
  { key: "apiAccess", name: "API access", description: "Personal API tokens for your own tools.", category: "premium" },
];

/** The defaults of spec section 6: LiteUser (Scout) and ProUser (Creator). */
export const DEFAULT_FEATURE_FLAGS: Record<FeatureKey, { LiteUser: boolean; ProUser: boolean }> = {
  clipboardPrompt: { LiteUser: true, ProUser: true },
  bookmarkletSupport: { LiteUser: true, ProUser: true },
  publicLinkSharing: { LiteUser: true, ProUser: true },
  quizGenerator: { LiteUser: false, ProUser: true },
  summaryRephrasing: { LiteUser: false, ProUser: true },
  markdownExport: { LiteUser: false, ProUser: true },
  affiliateLinks: { LiteUser: false, ProUser: true },
  contentPreferences: { LiteUser: false, ProUser: true },
  batchProcessing: { LiteUser: false, ProUser: true },
  apiAccess: { LiteUser: false, ProUser: true },
};

/**
 * Spec section 6: true for Admin or when there is no role; otherwise the table; a role not
 * in the table (FreeUser) is denied. `flags` lets persisted admin toggles override defaults.
 */
export function hasFeature(
  role: Role | null | undefined,
  key: FeatureKey,
  flags: Record<FeatureKey, { LiteUser: boolean; ProUser: boolean }> = DEFAULT_FEATURE_FLAGS,
): boolean {
  if (!role || role === "Admin") return true;
  if (role === "LiteUser" || role === "ProUser") return flags[key][role];
  return false;
}

export function featureAccess(role: Role): Record<FeatureKey, boolean> {
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, hasFeature(role, key)])) as Record<FeatureKey, boolean>;
}
