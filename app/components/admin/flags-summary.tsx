import { Link } from "@remix-run/react";
import type { FlagSummaryRow } from "~/lib/admin-stats";
import type { FeatureAccess } from "~/lib/entitlements";
import { Badge } from "../ui";

function AccessBadge({ access }: { access: FeatureAccess }) {
  if (access === "available") return <Badge tone="success">On</Badge>;
  if (access === "coming-soon") return <Badge tone="warning">Coming soon</Badge>;
  return <Badge>Off</Badge>;
}

/**
 * The global feature flags as every gate reads them now (through the entitlement module): what
 * Scout and Creator get. Changes are made on the feature toggles page.
 */
export function FlagsSummary({ flags }: { flags: FlagSummaryRow[] }) {
  const built = flags.filter((flag) => flag.scout !== "coming-soon");
  const on = (plan: "scout" | "creator") => built.filter((flag) => flag[plan] === "available").length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="flags-counts">
        Scout has {on("scout")} of {built.length} built features on, Creator {on("creator")}.{" "}
        <Link to="/admin/feature-toggles" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Change feature toggles
        </Link>
      </p>
      <div data-testid="flags-table" tabIndex={0} role="region" aria-label="Features for Scout and Creator" className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Features for Scout and Creator</caption>
          <thead className="text-xs text-slate-500 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-4 font-medium">
                Feature
              </th>
              <th scope="col" className="px-2 py-2 sm:px-4 font-medium">
                Scout
              </th>
              <th scope="col" className="px-2 py-2 sm:px-4 font-medium">
                Creator
              </th>
            </tr>
          </thead>
          <tbody>
            {flags.map((flag) => (
              <tr key={flag.key} className="border-t border-slate-100 dark:border-slate-800" data-testid={`flag-row-${flag.key}`}>
                <th scope="row" className="px-2 py-2 sm:px-4 font-normal">
                  {flag.name}
                </th>
                <td className="whitespace-nowrap px-2 py-2 sm:px-4">
                  <AccessBadge access={flag.scout} />
                </td>
                <td className="whitespace-nowrap px-2 py-2 sm:px-4">
                  <AccessBadge access={flag.creator} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
