import type { CreditReason, Receipt } from "./billing";

/** Dates as a person reads them, the same on the server and in the browser (no hydration drift). */
const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatShortDate = (iso: string) => SHORT_DATE.format(new Date(iso));

export const CREDIT_REASONS: Record<CreditReason, string> = {
  purchase: "Pack purchase",
  refund: "Refund",
  enrichment: "Enrichment",
  admin_adjustment: "Adjusted by support",
};

export const RECEIPT_STATUS: Record<Receipt["status"], string> = {
  paid: "Paid",
  refunded: "Refunded",
  partially_refunded: "Partly refunded",
  failed: "Failed",
};

export function formatMoney(amount: number, currency = "EUR"): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: currency.toUpperCase() }).format(amount);
}
