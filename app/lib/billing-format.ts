import type { CreditReason, Receipt } from "./billing";

export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
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
