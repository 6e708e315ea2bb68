import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AppPage } from "~/components/app-layout";
import { CheckoutResult } from "~/components/billing/checkout-result";
import { EarlierLinksOffer } from "~/components/billing/earlier-links-offer";
import { startCheckout } from "~/components/billing/checkout";
import { PackShop } from "~/components/billing/pack-shop";
import { TestModeBanner } from "~/components/billing/test-mode-banner";
import { useCheckoutReturn } from "~/components/billing/use-checkout-return";
import { TextField } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { PlanCard } from "~/components/plan-card";
import { useToast } from "~/components/toast";
import { Button, ButtonLink } from "~/components/ui";
import { apiFetch } from "~/lib/api-client";
import { CHECKOUT_FAILED, publicPacks, type PaidPlanId } from "~/lib/billing";
import { isFeatureKey } from "~/lib/entitlements";
import { PACKS } from "~/lib/packs";
import { PLANS } from "~/lib/plans";
import { APP_PAGE } from "~/lib/page-layout";
import { requireUser } from "~/server/accounts/auth.server";
import { billingSummary } from "~/server/billing/billing.server";
import { planUnlockingFeature, switchedOffByPlan } from "~/server/billing/entitlements.server";

export const meta: MetaFunction = () => [{ title: `Upgrade your plan · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const feature = params.get("feature");
  // ?plan= (chosen at sign-up), else the plan that unlocks ?feature=, from the same table the server enforces.
  const chosen = PLANS.find((plan) => plan.id !== "free" && plan.id === params.get("plan"))?.id as PaidPlanId | undefined;
  const [unlocking, summary, switchedOff] = await Promise.all([planUnlockingFeature(feature), billingSummary(user), switchedOffByPlan()]);
  const highlighted = chosen ?? unlocking;
  const pack = params.get("pack");
  return {
    email: user.email,
    highlighted,
    feature: feature && isFeatureKey(feature) ? feature : null,
    summary,
    switchedOff,
    packs: publicPacks(),
    initialPack: PACKS.find((p) => p.id === pack)?.id ?? "pack-20",
  };
}

export default function Upgrade() {
  const { email, highlighted, feature, summary, switchedOff, packs, initialPack } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const cards = useRef<Record<string, HTMLDivElement | null>>({});
  const dialog = useRef<HTMLDialogElement>(null);
  const [plans, setPlans] = useState({ scout: true, creator: true });
  const [busy, setBusy] = useState(false);
  const [subscribing, setSubscribing] = useState<PaidPlanId | null>(null);
  const toast = useToast();
  const checkout = useCheckoutReturn();
  const comingSoon = summary.sales === "coming-soon";
  const testMode = summary.provider === "test" && !comingSoon;
  // A subscriber switches plans (the server changes the subscription, or opens Stripe's portal).
  const subscribed = summary.subscription !== null && summary.subscription.status !== "canceled";
  const packParam = params.get("pack");

  useEffect(() => {
    const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    if (highlighted) cards.current[highlighted]?.scrollIntoView({ behavior, block: "center" });
    else if (packParam) document.getElementById("packs")?.scrollIntoView({ behavior, block: "start" });
  }, [highlighted, packParam]);

  async function subscribe(tierId: PaidPlanId) {
    setSubscribing(tierId);
    try {
      await startCheckout("/api/checkout-session", { tierId, ...(feature ? { feature } : {}), returnUrl: "/upgrade" }, CHECKOUT_FAILED);
    } catch (error) {
      toast.show((error as Error).message, "error");
      setSubscribing(null);
    }
  }

  async function notify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const address = String(new FormData(event.currentTarget).get("email"));
      const chosen = (["scout", "creator"] as const).filter((p) => plans[p]);
      await apiFetch("/api/notify-signup", { body: { email: address, plans: chosen } });
      toast.show("Thanks! We'll notify you when Scout and Creator plans become available.", "success");
      dialog.current?.close();
    } catch {
      toast.show("Failed to sign up for notifications. Please try again.", "error");
    } finally {
      setBusy(false);
    }
  }

  const openNotify = () => dialog.current?.showModal();

  return (
    <AppPage
      title="Upgrade your plan"
      description={
        comingSoon
          ? "Scout and Creator are coming soon. Get notified the day they open."
          : "More enrichments and Creator tools, billed monthly. Or top up with a pack whose credits never expire."
      }
      actions={
        <>
          {comingSoon ? <Button onClick={openNotify}>Notify me</Button> : null}
          <ButtonLink to="/settings/billing" variant="secondary">
            Billing and receipts
          </ButtonLink>
        </>
      }
    >
      <div className="space-y-6">
        {checkout.state.name !== "idle" ? <CheckoutResult state={checkout.state} onDismiss={checkout.reset} /> : null}
        {checkout.state.name === "success" && checkout.state.checkout.kind === "subscription" ? <EarlierLinksOffer /> : null}
        {testMode ? (
          <TestModeBanner>
            Payments on this server are simulated: checkout opens a test page where you choose Pay or Cancel. Set <code>STRIPE_SECRET_KEY</code> to take real
            payments.
          </TestModeBanner>
        ) : null}
        {summary.manualGrant ? (
          <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900">
            Your plan was set by an administrator, so a subscription will not change it.
          </p>
        ) : null}
        <h2 className="sr-only">Plans</h2>
        <div className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => {
            const current = summary.plan === plan.id;
            return (
              <div
                key={plan.id}
                ref={(node) => void (cards.current[plan.id] = node)}
                data-testid={`plan-${plan.id}`}
                data-highlighted={plan.id === highlighted}
                data-current={current}
              >
                <PlanCard plan={plan} highlighted={plan.id === highlighted} current={current} comingSoon={comingSoon} switchedOff={switchedOff[plan.role]}>
                  {plan.id === "free" ? (
                    current ? (
                      <p className="py-2 text-center text-sm text-slate-600 dark:text-slate-300">You are on Free</p>
                    ) : (
                      <ButtonLink to="/settings/billing" variant="secondary">
                        Manage billing
                      </ButtonLink>
                    )
                  ) : current ? (
                    <ButtonLink to="/settings/billing" variant="secondary">
                      Manage billing
                    </ButtonLink>
                  ) : summary.manualGrant || summary.role === "Admin" ? (
                    // The server sells no plan over one an admin set (it would charge for nothing).
                    <p className="py-2 text-center text-sm text-slate-600 dark:text-slate-300">Your plan is set by an administrator</p>
                  ) : comingSoon ? (
                    <>
                      <Button variant="secondary" disabled>
                        Coming Soon
                      </Button>
                      <Button variant="ghost" onClick={openNotify} aria-label={`Notify me when ${plan.name} opens`}>
                        Notify me
                      </Button>
                    </>
                  ) : (
                    // Busy, not disabled, so a refusal leaves the keyboard's focus on it (decision 038); the
                    // other plan's cannot be used meanwhile.
                    <Button
                      onClick={() => subscribe(plan.id as PaidPlanId)}
                      busy={subscribing === plan.id}
                      disabled={subscribing !== null && subscribing !== plan.id}
                      variant={plan.id === highlighted || (!highlighted && plan.id === "creator") ? "primary" : "secondary"}
                    >
                      {subscribing === plan.id ? "Starting checkout…" : `${subscribed ? "Switch to" : "Subscribe to"} ${plan.name}`}
                    </Button>
                  )}
                </PlanCard>
              </div>
            );
          })}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Prices in EUR. Cancel any time from <Link to="/settings/billing" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">Billing</Link>: you keep your plan until the end of the paid month.
        </p>
      </div>
      <section id="packs" aria-labelledby="packs-heading" className="mt-12 scroll-mt-20">
        <h2 id="packs-heading" className="text-2xl font-bold">
          Enrichment packs
        </h2>
        <p className="mb-6 mt-2 text-slate-600 dark:text-slate-300">
          Extra enrichments on top of your plan. Credits never expire. You have <strong data-testid="upgrade-credits">{summary.credits}</strong>{" "}
          {summary.credits === 1 ? "credit" : "credits"}.
        </p>
        <PackShop packs={packs} initialPack={initialPack} comingSoon={comingSoon} onNotify={openNotify} />
      </section>
      <dialog ref={dialog} aria-labelledby="notify-title" className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        <form onSubmit={notify} className="space-y-4 p-6">
          <h2 id="notify-title" className="text-lg font-semibold">
            Get notified
          </h2>
          <TextField label="Email" name="email" type="email" required defaultValue={email} />
          <fieldset className="space-y-1 text-sm">
            <legend className="mb-1 font-medium">Plans</legend>
            {(["scout", "creator"] as const).map((p) => (
              <label key={p} className="flex items-center gap-2">
                <input type="checkbox" checked={plans[p]} onChange={(e) => setPlans({ ...plans, [p]: e.target.checked })} />
                {p === "scout" ? "Scout" : "Creator"}
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} disabled={!plans.scout && !plans.creator}>
              {busy ? "Signing up..." : "Notify me"}
            </Button>
          </div>
        </form>
      </dialog>
    </AppPage>
  );
}
