import { Link } from "@remix-run/react";
import { FEATURES, switchedOffMessage, upgradeUrl, type FeatureAccessMap } from "~/lib/entitlements";
import { LockIcon } from "../icons";
import { Badge } from "../ui";

/**
 * The plan's features, one list (it was two on the dashboard: "Your Plan Features" and "Feature
 * Access", repeating each other). `access` is the server's own answer: a tick for what the plan
 * allows, a lock leading to the upgrade page, "Switched off" for a feature the operator turned off
 * (no upgrade brings it back), or "Coming soon" for one not built yet.
 */
export function PlanFeatures({ access }: { access: FeatureAccessMap }) {
  return (
    <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" aria-label="Features" data-testid="plan-features">
      {FEATURES.map((feature) =>
        access[feature.key] === "available" ? (
          <li key={feature.key} className="flex items-center gap-2 px-2 py-1">
            <span aria-hidden className="text-emerald-700 dark:text-emerald-400">
              ✓
            </span>
            {feature.name}
          </li>
        ) : access[feature.key] === "switched-off" ? (
          <li key={feature.key} className="flex items-center justify-between gap-2 px-2 py-1 text-slate-600 dark:text-slate-300" title={switchedOffMessage(feature.key)}>
            {feature.name}
            <Badge>
              Switched off<span className="sr-only"> for now by the operator</span>
            </Badge>
          </li>
        ) : access[feature.key] === "coming-soon" ? (
          <li key={feature.key} className="flex items-center justify-between gap-2 px-2 py-1 text-slate-600 dark:text-slate-300">
            {feature.name}
            <Badge>Coming soon</Badge>
          </li>
        ) : (
          <li key={feature.key}>
            <Link
              to={upgradeUrl(feature.key)}
              className="flex items-center gap-2 rounded px-2 py-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              aria-label={`${feature.name} (locked, upgrade to unlock)`}
            >
              <LockIcon />
              {feature.name}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
