/**
 * The one seam between billing and whoever takes the money. `stripe.server.ts` talks to
 * Stripe; `test-mode.server.ts` is our own labelled checkout for machines without a key. Both
 * only *report* the provider's truth (snapshots); what the account gets is decided once, in
 * `../fulfilment.server.ts`, whichever provider reported it.
 */
import type { PaidPlanId, ProviderName, SubscriptionStatus } from "~/lib/billing";
import type { Pack } from "~/lib/packs";

export interface CheckoutCustomer {
  userId: string;
  email: string;
  /** The provider's customer id stored on the user, if one was created before. */
  customerId: string | null;
}

export type CheckoutItem =
  | { kind: "pack"; pack: Pack; quantity: number }
  | { kind: "subscription"; plan: PaidPlanId };

export interface CreateCheckoutInput {
  /** Our checkout row's id: the provider keeps it in metadata and puts it in the return URLs. */
  checkoutId: string;
  customer: CheckoutCustomer;
  item: CheckoutItem;
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckout {
  providerSessionId: string;
  url: string;
  /** Set when the provider created a customer for this user (stored once on the user). */
  customerId: string | null;
}

/** A checkout as the provider sees it now. */
export interface CheckoutSnapshot {
  providerSessionId: string;
  /** Our checkout id from metadata (null if the provider lost it). */
  checkoutId: string | null;
  userId: string | null;
  status: "open" | "complete" | "expired";
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  /** The payment a refund will name (Stripe: the payment intent). */
  paymentRef: string | null;
  amountTotalCents: number | null;
  currency: string | null;
  receiptUrl: string | null;
}

/** A subscription as the provider sees it now: the one truth the sync writes. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string | null;
  userId: string | null;
  plan: PaidPlanId | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  checkout(providerSessionId: string): Promise<CheckoutSnapshot | null>;
  subscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** Where the user changes or cancels their plan (Stripe's Customer Portal); null in test mode. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}

/** An invoice as the provider reports it (subscriptions' renewals and failed payments). */
export interface InvoiceFacts {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountCents: number;
  currency: string;
  /** The provider's hosted invoice page, when there is one. */
  url: string | null;
  at: Date;
}

/**
 * A provider's webhook event, reduced to what fulfilment acts on. The adapter verifies and
 * parses; `handleProviderEvent` (../fulfilment.server.ts) stores it by id and acts once.
 */
export type ProviderEvent = { id: string; provider: ProviderName; type: string } & (
  | { kind: "checkout.completed"; providerSessionId: string }
  | { kind: "checkout.expired"; providerSessionId: string }
  | { kind: "subscription.changed"; subscriptionId: string }
  | { kind: "invoice.paid"; invoice: InvoiceFacts }
  | { kind: "invoice.failed"; invoice: InvoiceFacts }
  | { kind: "charge.refunded"; paymentRef: string; amountRefundedCents: number }
  | { kind: "ignored" }
);
