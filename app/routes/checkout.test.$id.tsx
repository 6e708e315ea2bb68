import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { TEST_MODE_TEXT, TestModeBanner } from "~/components/billing/test-mode-banner";
import { PRODUCT_NAME } from "~/components/logo";
import { Button, ButtonLink, Card, Section } from "~/components/ui";
import { formatEur } from "~/lib/plans";
import { requireUser } from "~/server/accounts/auth.server";
import { cancelTestCheckout, payTestCheckout, testCheckoutView } from "~/server/billing/test-checkout.server";
import { HttpError } from "~/server/platform/http.server";

export const meta: MetaFunction = () => [{ title: `Test checkout · ${PRODUCT_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return { view: await testCheckoutView(params.id!, user.id) };
  } catch (error) {
    // Someone else's checkout, or none: the same 404.
    if (error instanceof HttpError && error.status === 404) return data({ view: null }, 404);
    throw error;
  }
}

const intentSchema = z.object({ intent: z.enum(["pay", "cancel"]) });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose Pay or Cancel." }, 400);
  try {
    const to = parsed.data.intent === "pay" ? await payTestCheckout(params.id!, user.id) : await cancelTestCheckout(params.id!, user.id);
    return redirect(to, 303);
  } catch (error) {
    if (error instanceof HttpError) return data({ error: error.message }, error.status);
    throw error;
  }
}

export default function TestCheckout() {
  const { view } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  if (!view) {
    return (
      <Section className="max-w-lg text-center">
        <h1 className="text-2xl font-bold">Checkout not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">This checkout does not exist or is not yours.</p>
        <ButtonLink to="/upgrade" className="mt-6">
          Back to plans
        </ButtonLink>
      </Section>
    );
  }

  const open = view.status === "open";
  const total = formatEur(view.amountEur);
  return (
    <Section className="max-w-lg">
      <h1 className="text-2xl font-bold tracking-tight">Checkout</h1>
      <TestModeBanner className="mt-4">Nothing is paid on this page: Pay completes the purchase exactly as a real payment would, without a card.</TestModeBanner>
      <Card className="mt-6" role="region" aria-labelledby="order-heading" data-testid="test-checkout">
        <h2 id="order-heading" className="text-sm font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
          Your order
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-300">Item</dt>
            <dd className="text-right font-medium">{view.description}</dd>
          </div>
          {view.kind === "pack" ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-300">Quantity</dt>
              <dd className="font-medium">{view.quantity}</dd>
            </div>
          ) : (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-300">Renews</dt>
              <dd className="font-medium">Every month until you cancel</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base dark:border-slate-800">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold" data-testid="checkout-total">
              {total}
              {view.kind === "subscription" ? <span className="font-normal text-slate-600 dark:text-slate-300"> / month</span> : null}
            </dd>
          </div>
        </dl>
        {failed?.error ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {failed.error}
          </p>
        ) : null}
        {open ? (
          // The pressed button is busy, not disabled, so the keyboard's focus stays on it (a refused
          // Pay leaves it beside the message); the other cannot be used meanwhile (decision 038).
          <Form method="post" className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
            <Button
              type="submit"
              name="intent"
              value="pay"
              size="lg"
              busy={pending === "pay"}
              disabled={pending === "cancel"}
              aria-describedby="test-mode-note"
            >
              {pending === "pay" ? "Paying…" : `Pay ${total}`}
            </Button>
            <Button type="submit" name="intent" value="cancel" variant="secondary" size="lg" busy={pending === "cancel"} disabled={pending === "pay"}>
              {pending === "cancel" ? "Cancelling…" : "Cancel"}
            </Button>
          </Form>
        ) : (
          <div className="mt-6 space-y-3 text-sm">
            <p>This checkout is {view.status === "complete" ? "already paid" : view.status === "canceled" ? "cancelled" : "no longer open"}.</p>
            <ButtonLink to="/dashboard" variant="secondary">
              Back to the dashboard
            </ButtonLink>
          </div>
        )}
        <p id="test-mode-note" className="sr-only">
          {TEST_MODE_TEXT}
        </p>
      </Card>
    </Section>
  );
}
