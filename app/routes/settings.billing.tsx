import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { EarlierLinksOffer } from "~/components/billing/earlier-links-offer";
import { PlanFeatures } from "~/components/billing/plan-features";
import { UsageMeter } from "~/components/dashboard/usage-meter";
import { TestModeBanner } from "~/components/billing/test-mode-banner";
import { LocalTime, useDateFormat } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { SettingsNav } from "~/components/settings-nav";
import { useToast } from "~/components/toast";
import { AppPage } from "~/components/app-layout";
import { Badge, Button, ButtonLink, Card, cx } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { BillingSummary, CreditEntry, CreditHistoryPage } from "~/lib/billing";
import { CREDIT_REASON_LABELS, RECEIPT_STATUS, formatMoney } from "~/lib/billing-format";
import { PLANS } from "~/lib/plans";
import { ROLE_LABELS } from "~/lib/user";
import { requireUser } from "~/server/accounts/auth.server";
import { billingSummary, receiptsOf } from "~/server/billing/billing.server";
import { entitlementsFor } from "~/server/billing/entitlements.server";
import { creditHistory } from "~/server/billing/ledger.server";
import { usageOf } from "~/server/billing/quota.server";
import { earlierLinks } from "~/server/links/earlier-links.server";
import { APP_PAGE } from "~/lib/page-layout";

export const meta: MetaFunction = () => [{ title: `Billing · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [summary, credits, receipts, earlier, usage, entitlements] = await Promise.all([
    billingSummary(user),
    creditHistory(user.id),
    receiptsOf(user.id),
    earlierLinks(user),
    usageOf(user.id),
    entitlementsFor(user.role),
  ]);
  return { summary, credits, receipts, earlier, usage, access: entitlements.features };
}

const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

function PlanStatus({ summary }: { summary: BillingSummary }) {
  const sub = summary.subscription;
  if (summary.role === "Admin") return <p>Admins have every feature; there is nothing to pay.</p>;
  // A paid role without a subscription (granted by the team): no "Free" wording for a Creator.
  if (!sub && summary.role !== "FreeUser") return <p>{ROLE_LABELS[summary.role]} without a subscription: there is nothing to pay.</p>;
  if (!sub || (sub.status === "canceled" && summary.plan === "free")) {
    return (
      <p>
        Free: 5 enrichments a month, unlimited saved links. {summary.manualGrant ? null : "Upgrade any time; packs top up your enrichments."}
      </p>
    );
  }
  const date = <LocalTime when={sub.currentPeriodEnd} style="long" />;
  if (sub.cancelAtPeriodEnd || sub.status === "canceled") {
    return (
      <p data-testid="plan-ends">
        Ends on <strong>{date}</strong> — you&apos;ll be on Free after that.
      </p>
    );
  }
  return (
    <p data-testid="plan-renews">
      Renews on <strong>{date}</strong> at {formatMoney(PLANS.find((p) => p.id === sub.plan)?.priceEur ?? 0)} a month.
    </p>
  );
}

export default function Billing() {
  const loaded = useLoaderData<typeof loader>();
  const formatWhen = useDateFormat();
  const [summary, setSummary] = useState<BillingSummary>(loaded.summary);
  const [entries, setEntries] = useState<CreditEntry[]>(loaded.credits.entries);
  const [cursor, setCursor] = useState<string | null>(loaded.credits.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { action: "cancel" | "resume" }) | null>(null);
  const [working, setWorking] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [portalBusy, setPortalBusy] = useState(false);
  const toast = useToast();

  useEffect(() => {
    setSummary(loaded.summary);
    setEntries(loaded.credits.entries);
    setCursor(loaded.credits.nextCursor);
  }, [loaded]);

  const sub = summary.subscription;
  const pastDue = sub !== null && (sub.status === "past_due" || sub.status === "unpaid");
  const ending = sub !== null && (sub.cancelAtPeriodEnd || sub.status === "canceled");

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await apiFetch<CreditHistoryPage>(`/api/billing/credits?cursor=${encodeURIComponent(cursor)}`);
      setEntries((current) => [...current, ...page.entries]);
      setCursor(page.nextCursor);
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not load more history.", "error");
    } finally {
      setLoadingMore(false);
    }
  }

  async function openPortal() {
    setPortalBusy(true);
    try {
      const { url } = await apiFetch<{ url: string }>("/api/billing/portal", { body: { returnUrl: "/settings/billing" } });
      window.location.assign(url);
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not open billing. Please try again.", "error");
      setPortalBusy(false);
    }
  }

  async function confirmed() {
    if (!confirm) return;
    setWorking(true);
    setConfirmError(null);
    try {
      const next = await apiFetch<BillingSummary>(`/api/billing/subscription/${confirm.action}`, { method: "POST" });
      setSummary(next);
      toast.show(confirm.action === "cancel" ? "Your plan is cancelled. You keep it until the end of the period." : "Your plan will renew as before.", "success");
      setConfirm(null);
    } catch (error) {
      setConfirmError(error instanceof ApiError ? error.message : "That did not work. Please try again.");
    } finally {
      setWorking(false);
    }
  }

  return (
    <AppPage title="Billing" description="Your plan, your enrichment credits and your receipts." nav={<SettingsNav />}>
      <div className="max-w-4xl space-y-6">
        {summary.provider === "test" ? (
          <TestModeBanner>Plans and packs on this server are bought on a test page; cancelling here works like the real thing.</TestModeBanner>
        ) : null}

        <Card aria-labelledby="plan-heading" role="region" data-testid="billing-plan">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="space-y-2">
              <h2 id="plan-heading" className="text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
                Current plan
              </h2>
              <p className="flex flex-wrap items-center gap-2 text-2xl font-bold">
                <span data-testid="billing-plan-name">{summary.role === "Admin" ? "Admin" : planName(summary.plan)}</span>
                {pastDue ? <Badge tone="danger">Payment due</Badge> : ending ? <Badge tone="warning">Ending</Badge> : sub && summary.plan !== "free" ? <Badge tone="success">Active</Badge> : null}
                {summary.manualGrant ? <Badge tone="neutral">Set by an admin</Badge> : null}
              </p>
              <div className="text-sm text-slate-700 dark:text-slate-200">
                <PlanStatus summary={summary} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {summary.manage === "portal" ? (
                <Button onClick={openPortal} busy={portalBusy}>
                  {portalBusy ? "Opening…" : "Manage billing"}
                </Button>
              ) : null}
              {summary.manage === "test" && sub && sub.status !== "canceled" ? (
                sub.cancelAtPeriodEnd ? (
                  <Button
                    onClick={() =>
                      setConfirm({
                        action: "resume",
                        title: "Resume your plan?",
                        body: `${planName(sub.plan)} will renew on ${formatWhen(sub.currentPeriodEnd, "long")} as before.`,
                        confirmLabel: "Resume plan",
                      })
                    }
                  >
                    Resume plan
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      setConfirm({
                        action: "cancel",
                        title: "Cancel your plan?",
                        body: `You keep ${planName(sub.plan)} until ${formatWhen(sub.currentPeriodEnd, "long")}. After that you'll be on Free (5 enrichments a month). Your pack credits stay.`,
                        confirmLabel: "Cancel plan",
                        danger: true,
                      })
                    }
                  >
                    Cancel plan
                  </Button>
                )
              ) : null}
              <ButtonLink to="/upgrade" variant={summary.plan === "free" ? "primary" : "secondary"}>
                {summary.plan === "free" ? "See plans" : "Change plan"}
              </ButtonLink>
            </div>
          </div>
          {pastDue ? (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
              Your last payment failed. {summary.manage === "portal" ? "Update your card in Manage billing" : "Please pay the open invoice"} to keep {planName(sub.plan)}.
            </p>
          ) : null}
          {summary.manualGrant ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              An administrator set your plan by hand. Buying or cancelling a subscription does not change it; ask support if it should.
            </p>
          ) : null}
        </Card>

        <Card role="region" aria-labelledby="features-heading" data-testid="billing-features">
          <h2 id="features-heading" className="text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
            Features and usage
          </h2>
          <div className="mt-3 grid gap-4 lg:grid-cols-[18rem_1fr]">
            <UsageMeter usage={loaded.usage} />
            <PlanFeatures access={loaded.access} />
          </div>
        </Card>

        <EarlierLinksOffer initial={loaded.earlier} />

        <Card role="region" aria-labelledby="credits-heading" data-testid="billing-credits">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="credits-heading" className="text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
                Enrichment credits
              </h2>
              <p className="mt-1 text-3xl font-bold" data-testid="credits-balance">
                {summary.credits}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-300">Never expire; used after your monthly allowance.</p>
            </div>
            <ButtonLink to="/upgrade?pack=pack-20" variant="secondary">
              Buy a pack
            </ButtonLink>
          </div>
          <h3 className="mt-6 text-sm font-semibold">History</h3>
          {entries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No credits bought or spent yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Credit history">
              {entries.map((entry) => (
                <li key={entry.id} className="flex items-start justify-between gap-4 py-2" data-testid="credit-entry">
                  <div className="min-w-0">
                    <p className="font-medium">{CREDIT_REASON_LABELS[entry.reason]}</p>
                    <p className="break-words text-slate-600 dark:text-slate-300">
                      <LocalTime when={entry.createdAt} style="date" />
                      {entry.note ? ` · ${entry.note}` : ""}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className={cx("font-semibold tabular-nums", entry.delta > 0 ? "text-emerald-700 dark:text-emerald-300" : "text-slate-900 dark:text-slate-100")}>
                      {entry.delta > 0 ? `+${entry.delta}` : `−${Math.abs(entry.delta)}`}
                    </p>
                    <p className="text-xs text-slate-600 dark:text-slate-300">Balance {entry.balanceAfter}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {cursor ? (
            <Button variant="secondary" size="sm" className="mt-3" onClick={loadMore} busy={loadingMore}>
              {loadingMore ? "Loading…" : "Load more"}
            </Button>
          ) : null}
        </Card>

        <Card role="region" aria-labelledby="receipts-heading" data-testid="billing-receipts">
          <h2 id="receipts-heading" className="text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
            Receipts
          </h2>
          {loaded.receipts.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No payments yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Receipts">
              {loaded.receipts.map((receipt) => (
                <li key={receipt.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-testid="receipt">
                  <div className="min-w-0">
                    <p className="font-medium">{receipt.description}</p>
                    <p className="text-slate-600 dark:text-slate-300"><LocalTime when={receipt.paidAt} style="long" /></p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3 text-right">
                    <div>
                      <p className={cx("font-semibold tabular-nums", receipt.status === "refunded" && "line-through decoration-1")}>
                        {formatMoney(receipt.amount, receipt.currency)}
                      </p>
                      {receipt.amountRefunded > 0 ? (
                        <p className="text-xs text-slate-600 dark:text-slate-300">{formatMoney(receipt.amountRefunded, receipt.currency)} refunded</p>
                      ) : null}
                    </div>
                    <Badge tone={receipt.status === "paid" ? "success" : receipt.status === "failed" ? "danger" : "warning"}>{RECEIPT_STATUS[receipt.status]}</Badge>
                    {receipt.url ? (
                      <a
                        href={receipt.url}
                        target="_blank"
                        rel="noreferrer"
                        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                        aria-label={`Receipt for ${receipt.description} (opens in a new tab)`}
                      >
                        Receipt
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <ConfirmDialog
        request={confirm}
        busy={working}
        error={confirmError}
        onConfirm={confirmed}
        onCancel={() => {
          setConfirm(null);
          setConfirmError(null);
        }}
      />
    </AppPage>
  );
}
