/**
 * What we sell and for how much, read on the server only: a client names a pack or a plan,
 * never an amount. The figures come from the spec (`~/lib/packs`, `~/lib/plans`).
 */
import type { PaidPlanId } from "~/lib/billing";
import { PACKS, type Pack } from "~/lib/packs";
import { PLANS } from "~/lib/plans";
import type { Role } from "../platform/db-schema.server";

export const CURRENCY = "eur";

export function findPack(id: string): Pack | undefined {
  return PACKS.find((pack) => pack.id === id);
}

export function toCents(eur: number): number {
  return Math.round(eur * 100);
}

export function packPriceCents(pack: Pack): number {
  return toCents(pack.priceEur);
}

export function planPriceCents(plan: PaidPlanId): number {
  return toCents(PLANS.find((p) => p.id === plan)!.priceEur);
}

export function planName(plan: PaidPlanId): string {
  return PLANS.find((p) => p.id === plan)!.name;
}

const PLAN_ROLES: Record<PaidPlanId, Role> = { scout: "LiteUser", creator: "ProUser" };

export function roleOfPlan(plan: PaidPlanId): Role {
  return PLAN_ROLES[plan];
}

export function planOfRole(role: Role): "free" | PaidPlanId | null {
  if (role === "FreeUser") return "free";
  if (role === "LiteUser") return "scout";
  if (role === "ProUser") return "creator";
  return null;
}

export function isPaidPlan(value: string): value is PaidPlanId {
  return value === "scout" || value === "creator";
}

export function packDescription(pack: Pack, quantity: number): string {
  return quantity === 1 ? `${pack.name} (${pack.count} enrichments)` : `${quantity} × ${pack.name} (${pack.count * quantity} enrichments)`;
}
