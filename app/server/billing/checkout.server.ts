/**
 * Starting a checkout: the client names a pack (and quantity) or a plan and where to come
 * back; the amount comes from our catalogue, the row is ours before the provider's session
 * exists, and the provider's return URLs carry our checkout id.
 */
import * as z from "zod";
import {
  CHECKOUT_FAILED,
  CHECKOUT_ID_PARAM,
  CHECKOUT_RESULT_PARAM,
  MAX_PACK_QUANTITY,
  MIN_PACK_QUANTITY,
  type PaidPlanId,
} from "~/lib/billing";
import { safeRedirect } from "~/lib/validation";
import { db } from "../platform/db.server";
import type { User } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { getLiveRoleGrant } from "../repos/role-grants.server";
import { deleteCheckout, insertCheckout, listSubscriptionsOf, setBillingCustomer, setCheckoutProviderSession } from "../repos/billing.server";
import { CURRENCY, findPack, packPriceCents, planName, planOfRole, planPriceCents } from "./catalogue.server";
import { paymentProvider } from "./payments.server";
import type { CheckoutItem } from "./providers/provider.server";
import { requireSalesOpen } from "./sales.server";
import { grantsAccess } from "./subscriptions.server";

export const MANUAL_PLAN = "Your plan was set by our team, so it cannot be bought or changed here. Please contact support.";

const packIdSchema = z.string({ error: "packId is required" }).refine((id) => findPack(id) !== undefined, "Unknown pack: choose pack-10, pack-20 or pack-50");
const returnUrlSchema = z.string({ error: "returnUrl is required" }).min(1, "returnUrl is required").max(2048, "returnUrl is too long");

export const purchasePackSchema = z.object({
  packId: packIdSchema,
  quantity: z
    .number({ error: `quantity must be a whole number from ${MIN_PACK_QUANTITY} to ${MAX_PACK_QUANTITY}` })
    .int(`quantity must be a whole number from ${MIN_PACK_QUANTITY} to ${MAX_PACK_QUANTITY}`)
    .min(MIN_PACK_QUANTITY, `quantity must be at least ${MIN_PACK_QUANTITY}`)
    .max(MAX_PACK_QUANTITY, `quantity must be at most ${MAX_PACK_QUANTITY}`)
    .default(1),
  returnUrl: returnUrlSchema,
});

export const modalPurchaseSchema = z.object({ packId: packIdSchema });

export const planCheckoutSchema = z.object({
  tierId: z.enum(["scout", "creator"], { error: "tierId must be scout or creator" }),
  feature: z.string().max(64).nullish(),
  returnUrl: returnUrlSchema,
});

/**
 * The return URL as a path on our own origin. Absolute URLs must be on APP_URL's origin (or
 * the one the request came to); anything else is a 400, never an open redirect.
 */
export function ownReturnPath(returnUrl: string, requestOrigin: string): string {
  let candidate = returnUrl;
  if (!returnUrl.startsWith("/")) {
    let url: URL;
    try {
      url = new URL(returnUrl);
    } catch {
      throw new HttpError(400, "returnUrl must be a page of this site.");
    }
    if (url.origin !== new URL(env().APP_URL).origin && url.origin !== requestOrigin) throw new HttpError(400, "returnUrl must be a page of this site.");
    candidate = `${url.pathname}${url.search}${url.hash}`;
  }
  const path = safeRedirect(candidate, "");
  if (!path) throw new HttpError(400, "returnUrl must be a page of this site.");
  return path;
}

/** The return path with the checkout's result added (and any earlier result dropped). */
export function returnWith(path: string, result: "success" | "cancelled", checkoutId: string): string {
  const url = new URL(path, "http://return.invalid");
  url.hash = "";
  url.searchParams.set(CHECKOUT_RESULT_PARAM, result);
  url.searchParams.set(CHECKOUT_ID_PARAM, checkoutId);
  return `${url.pathname}${url.search}`;
}

async function start(user: User, item: CheckoutItem, returnPath: string): Promise<{ checkoutUrl: string }> {
  await requireSalesOpen();
  const provider = paymentProvider();
  const pack = item.kind === "pack" ? item : null;
  const checkout = await insertCheckout(db(), {
    user_id: user.id,
    provider: provider.name,
    kind: item.kind,
    pack_id: pack?.pack.id ?? null,
    quantity: pack?.quantity ?? 1,
    credits: pack ? pack.pack.count * pack.quantity : 0,
    plan: item.kind === "subscription" ? item.plan : null,
    amount_cents: pack ? packPriceCents(pack.pack) * pack.quantity : planPriceCents((item as { plan: PaidPlanId }).plan),
    currency: CURRENCY,
    return_url: returnPath,
  });
  const appUrl = env().APP_URL;
  try {
    const created = await provider.createCheckout({
      checkoutId: checkout.id,
      customer: { userId: user.id, email: user.email, customerId: user.billing_customer_id },
      item,
      successUrl: `${appUrl}${returnWith(returnPath, "success", checkout.id)}`,
      cancelUrl: `${appUrl}${returnWith(returnPath, "cancelled", checkout.id)}`,
    });
    await setCheckoutProviderSession(db(), checkout.id, created.providerSessionId);
    if (created.customerId && created.customerId !== user.billing_customer_id) await setBillingCustomer(db(), user.id, created.customerId);
    return { checkoutUrl: created.url };
  } catch (error) {
    // No provider session: the row would only be noise in the user's history.
    await deleteCheckout(db(), checkout.id).catch(() => undefined);
    if (error instanceof HttpError) throw error;
    log.error("checkout could not be started", { userId: user.id, provider: provider.name, error });
    throw new HttpError(502, CHECKOUT_FAILED);
  }
}

export function startPackCheckout(user: User, input: { packId: string; quantity: number; returnPath: string }) {
  return start(user, { kind: "pack", pack: findPack(input.packId)!, quantity: input.quantity }, input.returnPath);
}

/**
 * A plan: a first subscription goes through checkout. Someone who already pays changes plan
 * where they manage billing (Stripe's portal; test mode switches the plan at Pay).
 */
export async function startPlanCheckout(user: User, input: { plan: PaidPlanId; returnPath: string }): Promise<{ checkoutUrl: string }> {
  if (user.role === "Admin") throw new HttpError(409, "Admins have every feature already.");
  if (planOfRole(user.role) === input.plan) throw new HttpError(409, `You are already on the ${planName(input.plan)} plan.`);
  // A plan an admin set by hand wins over any subscription: selling one would charge for nothing.
  if (await getLiveRoleGrant(db(), user.id)) throw new HttpError(409, MANUAL_PLAN);
  const provider = paymentProvider();
  if (provider.name === "stripe" && user.billing_customer_id) {
    const live = (await listSubscriptionsOf(db(), user.id)).some((s) => s.provider === "stripe" && grantsAccess(s));
    if (live) {
      await requireSalesOpen();
      const url = await provider.portalUrl(user.billing_customer_id, `${env().APP_URL}${input.returnPath}`);
      if (url) return { checkoutUrl: url };
    }
  }
  return start(user, { kind: "subscription", plan: input.plan }, input.returnPath);
}
