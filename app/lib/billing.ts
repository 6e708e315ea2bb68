/**
 * What the browser and the server share about billing: the catalogue's public shape, the
 * answers of the billing API, and the spec's messages. Prices live on the server
 * (`~/lib/packs`, `~/lib/plans` are read there and shown here); a client never sends an amount.
 */
import { PACKS, isBestValue } from "./packs";
import type * as z from "zod";
import type { billingSummarySchema, checkoutStateSchema, creditEntrySchema, creditHistoryPageSchema, publicPackSchema, receiptSchema } from "./api-schemas";

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
export type { PaymentProvider as ProviderName } from "./vocabulary";

/** `GET /api/enrichment-packs` → `PublicPack[]` (price in EUR). */
export type PublicPack = z.infer<typeof publicPackSchema>;

export function publicPacks(): PublicPack[] {
  // `popular` is the spec's name for the Best Value flag: the lowest price per credit.
  return PACKS.map((pack) => ({ id: pack.id, name: pack.name, count: pack.count, price: pack.priceEur, popular: isBestValue(pack) }));
}

export type SubscriptionStatus = "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "incomplete_expired" | "paused";

/** Statuses in which a subscription renews and gives its plan (past due: while the provider retries). */
export const RENEWING_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

/** `GET /api/billing` → the billing page's summary. */
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export type { CreditReason } from "./vocabulary";

/** One row of the credits ledger, newest first in `GET /api/billing/credits`. */
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export type CreditHistoryPage = z.infer<typeof creditHistoryPageSchema>;

/** A payment the user made: a pack or a subscription invoice. */
export type Receipt = z.infer<typeof receiptSchema>;

/** `POST /api/billing/checkouts/:id/sync` → where a checkout stands (the return page polls it). */
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

/** The query a checkout's return adds to `returnUrl`: `?checkout=success|cancelled&checkoutId=<id>`. */
export const CHECKOUT_RESULT_PARAM = "checkout";
export const CHECKOUT_ID_PARAM = "checkoutId";
