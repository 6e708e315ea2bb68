import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PlanCard } from "~/components/plan-card";
import { PageHeader, Section } from "~/components/ui";
import { PLANS } from "~/lib/plans";
import { requireUser } from "~/server/auth.server";

export const meta: MetaFunction = () => [{ title: `Upgrade your plan · ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Upgrade() {
  return (
    <>
      <PageHeader title="Upgrade your plan" subtitle="Scout and Creator are coming soon." />
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </Section>
    </>
  );
}
