import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { BuyPackModal } from "~/components/billing/buy-pack-modal";
import { useCheckoutReturn } from "~/components/billing/use-checkout-return";
import { AddLinkForm } from "~/components/dashboard/add-link-form";
import { EnrichmentCard } from "~/components/dashboard/enrichment-card";
import { PreferencesCard } from "~/components/dashboard/preferences-card";
import { ShareTab } from "~/components/dashboard/share-tab";
import { SharedLinkToast } from "~/components/dashboard/shared-link-toast";
import { LinkRow } from "~/components/dashboard/link-row";
import { DashboardSidebar } from "~/components/dashboard/sidebar";
import { UsageMeter } from "~/components/dashboard/usage-meter";
import { useLiveLinks } from "~/components/dashboard/use-live-links";
import { PRODUCT_NAME } from "~/components/logo";
import { useToast } from "~/components/toast";
import { cx } from "~/components/ui";
import { apiFetch } from "~/lib/api-client";
import { publicPacks } from "~/lib/billing";
import type { Usage } from "~/lib/links";
import type { Role } from "~/lib/user";
import { requireUser } from "~/server/accounts/auth.server";
import { listUserLinks } from "~/server/links/links.server";
import { usageOf } from "~/server/billing/quota.server";
import { entitlementsFor } from "~/server/billing/entitlements.server";

export const meta: MetaFunction = () => [{ title: `Dashboard · ${PRODUCT_NAME}` }];

const GREETINGS: Record<Role, (monthlyAllowance: number | null) => string> = {
  FreeUser: (allowance) => `Welcome! Save links and we will enrich up to ${allowance} of them each month.`,
  LiteUser: () => "Welcome back, Scout! Advanced summaries and code snippets are on.",
  ProUser: () => "Welcome back, Creator! Quizzes, courses and exports are all yours.",
  Admin: () => "Welcome back, admin. Everything is unlocked.",
};

const TABS = [
  ["saved", "Saved Links"],
  ["enrichments", "Enrichments"],
  ["share", "Share"],
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [links, usage, entitlements] = await Promise.all([
    listUserLinks(user.id, { limit: 100 }),
    usageOf(user.id),
    entitlementsFor(user.role),
  ]);
  // The page shows the same answers the server enforces: no second reckoning in the browser.
  return {
    role: user.role,
    links,
    usage,
    monthlyAllowance: entitlements.monthlyAllowance,
    access: entitlements.features,
    watermark: entitlements.watermark,
    packs: publicPacks(),
  };
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { links, upsert, remove, onArtifact } = useLiveLinks(data.links);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find(([key]) => key === params.get("tab"))?.[0] ?? "saved";
  const stats = useMemo(
    () => ({
      total: links.length,
      enriched: links.filter((l) => l.status === "enriched").length,
      pending: links.filter((l) => l.status === "pending").length,
      failed: links.filter((l) => l.status === "error").length,
    }),
    [links],
  );
  // The meter follows enrichments as they finish.
  const [usage, setUsage] = useState(data.usage);
  // A fresh loader answer (after a purchase) replaces it at once.
  useEffect(() => setUsage(data.usage), [data.usage]);
  useEffect(() => {
    if (stats.enriched === 0) return;
    apiFetch<Usage>("/api/usage").then(setUsage, () => undefined);
  }, [stats.enriched]);
  // Buy Enrichment Pack: open by hand, or again on the way back from checkout.
  const checkout = useCheckoutReturn();
  const [buying, setBuying] = useState(false);
  const toast = useToast();
  const { state: checkoutState, reset: resetCheckout } = checkout;
  useEffect(() => {
    if (checkoutState.name !== "cancelled") return;
    toast.show("Purchase cancelled. Nothing was charged.", "info");
    resetCheckout();
  }, [checkoutState.name, resetCheckout, toast]);
  const modalOpen = buying || checkoutState.name === "processing" || checkoutState.name === "success" || checkoutState.name === "failed";
  const closeModal = () => {
    setBuying(false);
    resetCheckout();
  };
  const shown = tab === "enrichments" ? links.filter((l) => l.status === "enriched") : links;

  return (
    <div className="container-page py-8">
      <SharedLinkToast />
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="greeting">
        {GREETINGS[data.role](data.monthlyAllowance)}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <div role="tablist" aria-label="Dashboard sections" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
            {TABS.map(([key, label]) => (
              <button
                key={key}
                role="tab"
                type="button"
                aria-selected={tab === key}
                onClick={() => setParams(key === "saved" ? {} : { tab: key }, { replace: true, preventScrollReset: true })}
                className={cx(
                  "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                  tab === key ? "border-brand-600 text-brand-700 dark:text-brand-300" : "border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200",
                )}
              >
                {label}
              </button>
            ))}
          </div>
          {tab === "share" ? (
            <ShareTab watermark={data.watermark} />
          ) : (
            <>
              {tab === "enrichments" ? <PreferencesCard allowed={data.access.contentPreferences === "available"} /> : null}
              {tab === "saved" ? (
                <>
                  <AddLinkForm onAdded={(link) => upsert(link, { toTop: true })} clipboardPrompt={data.access.clipboardPrompt === "available"} />
                  <UsageMeter usage={usage} onBuyPack={() => setBuying(true)} />
                </>
              ) : null}
              {shown.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 dark:border-slate-700">
                  {tab === "saved" ? "No links yet. Paste one above to get started." : "No enriched links yet."}
                </p>
              ) : (
                <ul className="space-y-3" aria-label={tab === "saved" ? "Saved links" : "Enriched links"}>
                  {shown.map((link) =>
                    tab === "saved" ? (
                      <LinkRow key={link.id} link={link} onChange={(l) => upsert(l, { toTop: true })} onRemove={remove} />
                    ) : (
                      <EnrichmentCard key={link.id} link={link} access={data.access} onArtifact={onArtifact} />
                    ),
                  )}
                </ul>
              )}
            </>
          )}
        </div>
        <DashboardSidebar role={data.role} access={data.access} stats={stats} />
      </div>
      <BuyPackModal open={modalOpen} packs={data.packs} result={checkoutState} onClose={closeModal} />
    </div>
  );
}
