import type { ReactNode } from "react";
import type { FeatureKey } from "~/lib/entitlements";
import { formatEur, planFeatureList, type Plan } from "~/lib/plans";
import { Badge, ButtonLink, Card, CheckList, cx } from "./ui";

/**
 * One plan as sold. `comingSoon` is the live sales state (paid plans only), not the catalogue's
 * default; `children` replaces the default call to action (the upgrade page's Subscribe).
 * `headingLevel` keeps the outline in order: h2 straight under a page's h1, h3 under a section's h2.
 */
export function PlanCard({
  plan,
  highlighted = false,
  current = false,
  comingSoon = plan.comingSoon,
  children,
  headingLevel = 3,
  switchedOff = [],
}: {
  plan: Plan;
  highlighted?: boolean;
  current?: boolean;
  comingSoon?: boolean;
  children?: ReactNode;
  headingLevel?: 2 | 3;
  /** Features of this plan the operator has switched off now: not promised while off. */
  switchedOff?: readonly FeatureKey[];
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const soon = plan.id !== "free" && comingSoon;
  return (
    <Card className={cx("flex h-full flex-col", highlighted && "ring-2 ring-brand-500", current && "border-brand-400 dark:border-brand-600")}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-xl font-semibold">{plan.name}</Heading>
        {current ? <Badge tone="brand">Current plan</Badge> : soon ? <Badge tone="warning">Coming Soon</Badge> : <Badge tone="success">Available</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{plan.tagline}</p>
      <p className="mt-4">
        <span className="text-4xl font-bold">{formatEur(plan.priceEur)}</span>
        <span className="text-slate-600 dark:text-slate-300"> / month</span>
      </p>
      <CheckList items={planFeatureList(plan, switchedOff)} className="mt-6 flex-1 space-y-2" />
      <div className="mt-6 flex flex-col gap-2">
        {children ?? (
          <ButtonLink
            to={plan.id === "free" ? "/register?plan=free" : "/upgrade"}
            variant={soon ? "secondary" : "primary"}
          >
            {plan.id === "free" ? "Start Free" : soon ? "Coming Soon" : `Get ${plan.name}`}
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}
