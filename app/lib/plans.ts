import type { FeatureKey, PlanRole } from "./entitlements";

/** The plans as sold on the pricing page. Roles: Free=FreeUser, Scout=LiteUser, Creator=ProUser. */
export interface Plan {
  id: "free" | "scout" | "creator";
  name: string;
  role: PlanRole;
  priceEur: number;
  tagline: string;
  features: string[];
  /** The line of `features` that sells each switchable feature, left out while the operator has it off. */
  featureLines: Partial<Record<FeatureKey, string>>;
  comingSoon: boolean;
}

export const PLANS: Plan[] = [
  {
    id: "free",
    name: "Free",
    role: "FreeUser",
    priceEur: 0,
    tagline: "Basic URL gathering",
    features: [
      "Unlimited saved links",
      "5 AI enrichments per month",
      "Public sharing with watermark",
      "No credit card needed",
    ],
    featureLines: { publicLinkSharing: "Public sharing with watermark" },
    comingSoon: false,
  },
  {
    id: "scout",
    name: "Scout",
    role: "LiteUser",
    priceEur: 4.95,
    tagline: "For curious readers",
    features: [
      "30 enrichments per month",
      "Priority queue",
      "Advanced summaries",
      "Code snippet extraction",
      "Tag suggestions",
    ],
    featureLines: { advancedSummary: "Advanced summaries", codeSnippets: "Code snippet extraction", tagSuggestions: "Tag suggestions" },
    comingSoon: true,
  },
  {
    id: "creator",
    name: "Creator",
    role: "ProUser",
    priceEur: 12.95,
    tagline: "For learners and creators",
    features: [
      "Unlimited enrichments",
      "Rephrasing by difficulty",
      "Quiz generator",
      "Markdown and PDF export",
      "No watermark",
      "AI mini course creator",
      "Priority support and early access",
    ],
    featureLines: {
      summaryRephrasing: "Rephrasing by difficulty",
      quizGenerator: "Quiz generator",
      markdownExport: "Markdown and PDF export",
      miniCourse: "AI mini course creator",
    },
    comingSoon: true,
  },
];

/** The plan's list as sold now: a feature the operator switched off for it is not promised. */
export function planFeatureList(plan: Plan, switchedOff: readonly FeatureKey[]): string[] {
  const hidden = new Set(switchedOff.map((key) => plan.featureLines[key]));
  return plan.features.filter((line) => !hidden.has(line));
}

export function formatEur(amount: number): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }).format(amount);
}
