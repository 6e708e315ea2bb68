import { formatEur, type Plan } from "~/lib/plans";
import { Badge, ButtonLink, Card, CheckList, cx } from "./ui";

export function PlanCard({ plan, highlighted = false }: { plan: Plan; highlighted?: boolean }) {
  return (
    <Card className={cx("flex flex-col", highlighted && "ring-2 ring-brand-500")}>
      <div className="flex items-center justify-between">
        <h3 className="text-xl font-semibold">{plan.name}</h3>
        {plan.comingSoon ? <Badge tone="warning">Coming Soon</Badge> : <Badge tone="success">Available</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.tagline}</p>
      <p className="mt-4">
        <span className="text-4xl font-bold">{formatEur(plan.priceEur)}</span>
        <span className="text-slate-500"> / month</span>
      </p>
      <CheckList items={plan.features} className="mt-6 flex-1 space-y-2" />
      <ButtonLink
        to={plan.comingSoon ? "/upgrade" : "/register?plan=free"}
        variant={plan.comingSoon ? "secondary" : "primary"}
        className="mt-6"
      >
        {plan.comingSoon ? "Coming Soon" : "Start Free"}
      </ButtonLink>
    </Card>
  );
}
