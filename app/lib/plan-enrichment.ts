import type * as z from "zod";
import type { earlierLinksQueuedSchema, earlierLinksSchema } from "./api-schemas";
import type { FeatureAccessMap, FeatureKey } from "./entitlements";
import { ROLE_LABELS } from "./user";
import type { LinkStatus, Role } from "./vocabulary";

/**
 * What a link was enriched with, and whether the user's plan now gives it more (issue #33,
 * decision 041). Shared by the server (the query, the API) and the link's view.
 */

/**
 * The plan features that shape a link's own result when it is enriched (suggested tags, code
 * blocks, the summary written to the user's preferences). The other plan features are results
 * made on demand (quiz, course, …) and reach every link the moment the plan has them.
 */
export const ENRICHMENT_FEATURES = ["tagSuggestions", "codeSnippets", "contentPreferences"] as const satisfies readonly FeatureKey[];
export type EnrichmentFeature = (typeof ENRICHMENT_FEATURES)[number];

/** Recorded on the link by each enrichment: the owner's plan then and the features it used. */
export interface EnrichedWith {
  plan: Role;
  features: string[];
}

/** The enrichment features a plan gives now (an operator's switch-off included). */
export function enrichmentFeaturesOf(access: FeatureAccessMap): EnrichmentFeature[] {
  return ENRICHMENT_FEATURES.filter((feature) => access[feature] === "available");
}

/**
 * The features the plan gives now that the link's enrichment did not use. None for a link whose
 * enrichment we did not record: one restored from an export file was neither enriched nor counted
 * here, and enriching it "again" for free would be a free enrichment (the migration recorded the
 * links enriched here before the record existed).
 */
export function missingFeatures(enrichedWith: EnrichedWith | null, planFeatures: readonly EnrichmentFeature[]): EnrichmentFeature[] {
  if (!enrichedWith) return [];
  const had = new Set(enrichedWith.features);
  return planFeatures.filter((feature) => !had.has(feature));
}

/**
 * Whether enriching the link again would give it more: only an enriched link (a pending, failed or
 * not-enriched one gets the plan in force when it runs). repos/links.server.ts asks the same in SQL.
 */
export function isBehindPlan(link: { status: LinkStatus; enrichedWith: EnrichedWith | null }, planFeatures: readonly EnrichmentFeature[]): boolean {
  return link.status === "enriched" && missingFeatures(link.enrichedWith, planFeatures).length > 0;
}

/** "Enriched with Free plan features on 28 Nov 2026"; `date` is already formatted for the reader. */
export function enrichedWithLabel(enrichedWith: EnrichedWith | null, date: string): string {
  if (!enrichedWith) return `Enriched on ${date}`;
  if (enrichedWith.plan === "Admin") return `Enriched with every feature (Admin) on ${date}`;
  return `Enriched with ${ROLE_LABELS[enrichedWith.plan]} plan features on ${date}`;
}

/** GET /api/links/enrichments/upgrade: the user's links behind their plan, and those waiting. */
export type EarlierLinks = z.infer<typeof earlierLinksSchema>;
export type EarlierLinksQueued = z.infer<typeof earlierLinksQueuedSchema>;
