/**
 * What the browser and the server share about billing: the catalogue's public shape, the
 * answers of the billing API, and the spec's messages. Prices live on the server
 * (`~/lib/packs`, `~/lib/plans` are read there and shown here); a client never sends an amount.
 */
import { PACKS, type Pack } from "./packs";

export const CHECKOUT_FAILED = "Failed to start checkout. Please try again.";
export const PURCHASE_FAILED = "Purchase failed. Please try again.";
export const SALES_COMING_SOON = "Scout and Creator are coming soon. Checkout is not open yet.";

export const MIN_PACK_QUANTITY = 1;
export const MAX_PACK_QUANTITY = 100;

export type PaidPlanId = "scout" | "creator";
export type PlanId = "free" | PaidPlanId;
/** Open: plans and packs are sold. Coming soon: paid plan cards show Coming Soon and checkout answers 409. */
export type SalesState = "open" | "coming-soon";
/** Which provider takes payments: Stripe when a key is set, else our own labelled test-mode checkout. */
export type ProviderName = "stripe" | "test";

/** `GET /api/enrichment-packs` → `PublicPack[]` (price in EUR). */
export interface PublicPack {
  id: Pack["id"];
  name: string;
  count: number;
  price: number;
  popular: boolean;
}

export function publicPacks(): PublicPack[] {
  return PACKS.map(({ id, name, count, priceEur, popular }) => ({ id, name, count, price: priceEur, popular }));
}

export type SubscriptionStatus = "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "incomplete_expired" | "paused";

/** Statuses in which a subscription renews and gives its plan (past due: while the provider retries). */
export const RENEWING_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

/** `GET /api/billing` → the billing page's summary. */
export interface BillingSummary {
  provider: ProviderName;
  sales: SalesState;
  /** The plan the account has now (a manual grant or Admin shows as such). */
  plan: PlanId;
  role: "FreeUser" | "LiteUser" | "ProUser" | "Admin";
  /** Set when an admin granted the role by hand: a subscription does not change it. */
  manualGrant: boolean;
  subscription: {
    plan: PaidPlanId;
    status: SubscriptionStatus;
    cancelAtPeriodEnd: boolean;
    /** ISO date: renews then, or (cancelAtPeriodEnd / canceled) ends then. */
    currentPeriodEnd: string;
  } | null;
  credits: number;
  /** Stripe: the Customer Portal; test mode: cancel or resume here. Null when there is nothing to manage. */
  manage: "portal" | "test" | null;
}

export type CreditReason = "purchase" | "refund" | "enrichment" | "admin_adjustment";

/** One row of the credits ledger, newest first in `GET /api/billing/credits`. */
export interface CreditEntry {
  id: string;
  delta: number;
  balanceAfter: number;
  reason: CreditReason;
  note: string;
  createdAt: string;
}

export interface CreditHistoryPage {
  entries: CreditEntry[];
  nextCursor: string | null;
}

/** A payment the user made: a pack or a subscription invoice. */
export interface Receipt {
  id: string;
  description: string;
  /** EUR. */
  amount: number;
  amountRefunded: number;
  currency: string;
  status: "paid" | "refunded" | "partially_refunded" | "failed";
  paidAt: string;
  /** The provider's hosted receipt or invoice, when there is one. */
  url: string | null;
}

/** `POST /api/billing/checkouts/:id/sync` → where a checkout stands (the return page polls it). */
export interface CheckoutState {
  id: string;
  kind: "pack" | "subscription";
  status: "open" | "complete" | "canceled" | "expired";
  /** True once its credits or plan are on the account. */
  fulfilled: boolean;
  credits: number | null;
  plan: PaidPlanId | null;
}

/** The query a checkout's return adds to `returnUrl`: `?checkout=success|cancelled&checkoutId=<id>`. */
export const CHECKOUT_RESULT_PARAM = "checkout";
export const CHECKOUT_ID_PARAM = "checkoutId";
