import { useLoaderData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { PlanCard } from "~/components/plan-card";
import { TrendingSection } from "~/components/trending-section";
import { ButtonLink, Card, Section } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";
import { PLANS } from "~/lib/plans";
import { landingStats } from "~/lib/trending";
import { switchedOffByPlan } from "~/server/billing/entitlements.server";
import { salesState } from "~/server/billing/sales.server";
import { log } from "~/server/platform/logger.server";
import { stats } from "~/server/sharing/trending.server";

export const meta = staticPageMeta(`${PRODUCT_NAME} — save links, learn more`, "Save web links and let AI enrich them with summaries, tags, quizzes and mini-courses.");

const FEATURES = [
  {
    title: "Save anything",
    body: "Paste a link and we fetch the page, its title, description and icon while you keep reading.",
  },
  {
    title: "AI enrichment",
    body: "Summaries, tags and code snippets; quizzes, rephrasing by difficulty and mini-courses on Creator.",
  },
  {
    title: "Share and export",
    body: "Share a public page for any link, browse what the community finds, export to Markdown or PDF.",
  },
];

const FIGURES_TTL_MS = 60_000;
let cachedFigures: { at: number; figures: ReturnType<typeof landingStats> } | null = null;

/**
 * Real figures only (rounded down, none below a threshold), counted at most once a minute per
 * process as /api/stats is cached; the page does without them when the count fails.
 */
async function heroStats() {
  if (cachedFigures && Date.now() - cachedFigures.at < FIGURES_TTL_MS) return cachedFigures.figures;
  try {
    cachedFigures = { at: Date.now(), figures: landingStats(await stats()) };
    return cachedFigures.figures;
  } catch (error) {
    log.warn("landing page: counts unavailable; showing no figures", { error });
    return [];
  }
}

export async function loader() {
  // The plan cards and the panel below them follow the live sales state and the operator's switches.
  const [sales, switchedOff, figures] = await Promise.all([salesState(), switchedOffByPlan(), heroStats()]);
  return { comingSoon: sales === "coming-soon", switchedOff, figures };
}

export default function Landing() {
  const { comingSoon, switchedOff, figures } = useLoaderData<typeof loader>();
  // A signed-in visitor has an account already: the way in is the dashboard, not sign-up.
  const signedIn = Boolean((useRouteLoaderData("root") as { user: unknown } | undefined)?.user);
  // Where account deletion lands (settings): say what happened.
  const deleted = useSearchParams()[0].get("deleted") === "1";
  return (
    <>
      {deleted ? (
        <div role="status" className="border-b border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" data-testid="account-deleted">
          <p className="container-page py-3 text-sm">Your account has been deleted. Thank you for using {PRODUCT_NAME}.</p>
        </div>
      ) : null}
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="container-page py-20 text-center sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Save links. <span className="text-brand-600 dark:text-brand-400">Learn from them.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {PRODUCT_NAME} keeps the pages you find and enriches each one with a summary, tags, code snippets,
            quizzes and mini-courses.
          </p>
          {figures.length > 0 ? (
            <ul className="mt-8 flex flex-wrap justify-center gap-3" aria-label="Statistics" data-testid="landing-stats">
              {figures.map(({ value, label }) => (
                <li key={label} className="rounded-full border border-brand-200 bg-white px-4 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900">
                  <strong>{value}</strong> {label}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            {signedIn ? (
              <ButtonLink to="/dashboard" size="lg">
                Go to dashboard
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/register" size="lg">
                  Start Free Today
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  Sign In
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </section>

      <TrendingSection />

      <Section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-center text-2xl font-bold">
          Everything a saved link can become
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <Card key={feature.title}>
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{feature.body}</p>
            </Card>
          ))}
        </div>
      </Section>

      <Section aria-labelledby="pricing-heading">
        <h2 id="pricing-heading" className="text-center text-2xl font-bold">
          Simple pricing
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} highlighted={plan.id === "free"} comingSoon={comingSoon} switchedOff={switchedOff[plan.role]} />
          ))}
        </div>
      </Section>

      <Section>
        {comingSoon ? (
          <Card className="flex flex-col items-center gap-4 bg-brand-50 text-center dark:bg-slate-900">
            <h2 className="text-2xl font-bold">Scout and Creator are Coming Soon</h2>
            <p className="max-w-xl text-slate-600 dark:text-slate-300">
              Start free today and we will tell you the moment the paid plans open.
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to="/register">Start Free</ButtonLink>
              <ButtonLink to="/upgrade" variant="secondary">
                Get Notified
              </ButtonLink>
            </div>
          </Card>
        ) : (
          <Card className="flex flex-col items-center gap-4 bg-brand-50 text-center dark:bg-slate-900">
            <h2 className="text-2xl font-bold">Need more than five enrichments a month?</h2>
            <p className="max-w-xl text-slate-600 dark:text-slate-300">
              Scout and Creator are open, and enrichment packs top up any plan with credits that never expire.
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to="/register">Start Free</ButtonLink>
              <ButtonLink to="/pricing" variant="secondary">
                See plans and packs
              </ButtonLink>
            </div>
          </Card>
        )}
      </Section>

      <Section className="text-center">
        <h2 className="text-3xl font-bold">Ready to learn from what you read?</h2>
        <ButtonLink to={signedIn ? "/dashboard" : "/register"} size="lg" className="mt-6">
          {signedIn ? "Go to dashboard" : "Create your free account"}
        </ButtonLink>
      </Section>
    </>
  );
}
