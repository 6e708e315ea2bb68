import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { TextField } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { PlanCard } from "~/components/plan-card";
import { useToast } from "~/components/toast";
import { Button, PageHeader, Section } from "~/components/ui";
import { apiFetch } from "~/lib/api-client";
import { PLANS } from "~/lib/plans";
import { requireUser } from "~/server/accounts/auth.server";
import { planUnlockingFeature } from "~/server/billing/entitlements.server";

export const meta: MetaFunction = () => [{ title: `Upgrade your plan · ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The plan that unlocks ?feature=, from the same table the server enforces.
  const highlighted = await planUnlockingFeature(new URL(request.url).searchParams.get("feature"));
  return { email: user.email, highlighted };
}

export default function Upgrade() {
  const { email, highlighted } = useLoaderData<typeof loader>();
  const cards = useRef<Record<string, HTMLDivElement | null>>({});
  const dialog = useRef<HTMLDialogElement>(null);
  const [plans, setPlans] = useState({ scout: true, creator: true });
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  useEffect(() => {
    if (highlighted) cards.current[highlighted]?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [highlighted]);

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

  return (
    <>
      <PageHeader title="Upgrade your plan" subtitle="Scout and Creator are coming soon. Get notified the day they open.">
        <Button className="mt-6" onClick={() => dialog.current?.showModal()}>
          Notify me
        </Button>
      </PageHeader>
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <div key={plan.id} ref={(node) => void (cards.current[plan.id] = node)} data-testid={`plan-${plan.id}`} data-highlighted={plan.id === highlighted}>
              <PlanCard plan={plan} highlighted={plan.id === highlighted} />
            </div>
          ))}
        </div>
      </Section>
      <dialog ref={dialog} aria-labelledby="notify-title" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
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
            <Button type="submit" disabled={busy || (!plans.scout && !plans.creator)}>
              {busy ? "Signing up..." : "Notify me"}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
