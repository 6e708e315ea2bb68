import { useLoaderData } from "@remix-run/react";
import { FaqList } from "~/components/faq";
import { PRODUCT_NAME } from "~/components/logo";
import { PlanCard } from "~/components/plan-card";
import { Badge, ButtonLink, Card, PageHeader, Section } from "~/components/ui";
import { HELP_FAQ } from "~/lib/help";
import { staticPageMeta } from "~/lib/meta";
import { PACKS, isBestValue } from "~/lib/packs";
import { PLANS, formatEur } from "~/lib/plans";
import { switchedOffByPlan } from "~/server/billing/entitlements.server";
import { salesState } from "~/server/billing/sales.server";

export const meta = staticPageMeta(`Pricing · ${PRODUCT_NAME}`, "Free, Scout and Creator plans, and enrichment packs whose credits never expire.");

export async function loader() {
  // The cards follow the live sales state: Coming Soon only while checkout is closed.
  // and leave out what the operator has switched off for a plan.
  const [sales, switchedOff] = await Promise.all([salesState(), switchedOffByPlan()]);
  return { comingSoon: sales === "coming-soon", switchedOff };
}

export default function Pricing() {
  const { comingSoon, switchedOff } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Pricing" subtitle="Start free. Upgrade when you need more enrichments. Subscriptions are billed monthly; cancel any time." />
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} highlighted={plan.id === "free"} comingSoon={comingSoon} switchedOff={switchedOff[plan.role]} headingLevel={2} />
          ))}
        </div>
      </Section>
      <Section aria-labelledby="packs-heading" id="packs">
        <h2 id="packs-heading" className="text-2xl font-bold">
          Enrichment packs
        </h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Extra enrichments on top of your plan. Credits never expire.</p>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {PACKS.map((pack) => (
            <Card key={pack.id} className="flex flex-col">
              <div className="flex items-center justify-between">
                <h3 className="text-lg font-semibold">{pack.name}</h3>
                {isBestValue(pack) ? <Badge tone="brand">Best Value</Badge> : null}
              </div>
              <p className="mt-2 text-3xl font-bold">{formatEur(pack.priceEur)}</p>
              <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">{pack.count} enrichments</p>
              <ButtonLink to={`/upgrade?pack=${pack.id}`} variant={isBestValue(pack) ? "primary" : "secondary"} className="mt-4">
                {comingSoon ? "Coming Soon" : `Buy ${pack.name}`}
              </ButtonLink>
            </Card>
          ))}
        </div>
      </Section>
      <Section aria-labelledby="faq-heading" className="max-w-3xl">
        <h2 id="faq-heading" className="text-2xl font-bold">
          Frequently asked questions
        </h2>
        <div className="mt-6">
          <FaqList items={HELP_FAQ.filter((item) => item.category === "Plans and billing" || item.category === "Getting started")} />
        </div>
      </Section>
    </>
  );
}
