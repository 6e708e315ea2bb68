/**
 * Plans: the user's role follows their subscriptions as the provider last reported them, and
 * an admin's manual grant wins over both (`effectiveRole`). Every path that learns something
 * about a subscription — webhook, return page, test-mode Pay or Cancel, the sweep — writes the
 * provider's current state with `applySubscription`, so events may arrive in any order.
 */
import { RENEWING_STATUSES } from "~/lib/billing";
import { isUuid } from "~/lib/ids";
import { ROLE_LABELS } from "~/lib/user";
import { enrichmentFeaturesOf } from "~/lib/plan-enrichment";
import { recordAudit } from "../audit/audit.server";
import { planChangedMail } from "../mail/mail-templates.server";
import { createNotification } from "../notifications/notifications.server";
import { db, type Database } from "../platform/db.server";
import type { Role, RoleGrant, Subscription } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import {
  getUserByBillingCustomer,
  listSubscriptionsOf,
  lockUserCredits,
  upsertSubscription,
} from "../repos/billing.server";
import { countReenrichCandidates } from "../repos/links.server";
import { getLiveRoleGrant } from "../repos/role-grants.server";
import { updateUser } from "../repos/users.server";
import { AfterCommit } from "./after-commit.server";
import { featureAccess } from "./entitlements.server";
import { isPaidPlan, roleOfPlan } from "./catalogue.server";
import type { PaymentProvider, SubscriptionSnapshot } from "./providers/provider.server";


/**
 * The role an account should have: a live manual grant wins over the role a subscription
 * gives until an admin revokes it (by setting the role to Free); without a grant, the
 * subscription decides, and without a subscription the account is Free.
 */
export function effectiveRole(grant: Pick<RoleGrant, "role"> | null | undefined, subscriptionRole: Role | null): Role {
  return grant?.role ?? subscriptionRole ?? "FreeUser";
}

/** Stripe keeps a subscription active (or past due, while it retries) until it ends; cancelled ones last until their period ends. */
export function grantsAccess(subscription: Pick<Subscription, "status" | "current_period_end">, now = new Date()): boolean {
  if (RENEWING_STATUSES.includes(subscription.status)) return true;
  return subscription.status === "canceled" && subscription.current_period_end > now;
}

const RANK: Record<"scout" | "creator", number> = { scout: 1, creator: 2 };

/** The best plan the user's subscriptions give now, as a role; null without one. */
export async function subscriptionRoleOf(trx: Database, userId: string, now = new Date()): Promise<Role | null> {
  const live = (await listSubscriptionsOf(trx, userId)).filter((s) => grantsAccess(s, now));
  if (live.length === 0) return null;
  const best = live.reduce((a, b) => (RANK[b.plan] > RANK[a.plan] ? b : a));
  return roleOfPlan(best.plan);
}

/**
 * Writes the role the account should have now (grant, else subscriptions, else Free), with
 * an audit row, a notification and a mail when it changes. An Admin without a grant is an
 * operator, not a customer: no subscription changes that.
 */
export async function recomputeRole(trx: Database, userId: string, after: AfterCommit, now = new Date()): Promise<Role | null> {
  const user = await lockUserCredits(trx, userId);
  if (!user) return null;
  const grant = await getLiveRoleGrant(trx, userId);
  if (user.role === "Admin" && !grant) return user.role;
  const role = effectiveRole(grant, await subscriptionRoleOf(trx, userId, now));
  if (role === user.role) return role;
  await updateUser(trx, userId, { role });
  await recordAudit(
    {
      kind: "payment",
      action: "plan.changed",
      actor: null,
      target: { type: "user", id: userId, label: user.email },
      before: { role: user.role },
      after: { role },
    },
    trx,
  );
  const from = ROLE_LABELS[user.role];
  const to = ROLE_LABELS[role];
  await createNotification(trx, {
    userId,
    type: "plan-changed",
    title: `Your plan is now ${to}`,
    body: role === "FreeUser" ? `Your ${from} plan has ended. Pack credits you bought stay yours.` : `Your ${to} plan is active.${await earlierLinksHint(trx, userId, role)}`,
    link: "/settings/billing",
  });
  after.mail(planChangedMail(user.email, { from, to, url: `${env().APP_URL}/settings/billing` }));
  return role;
}

/** After an upgrade, links enriched under the lesser plan can have the new one's features (decision 041). */
async function earlierLinksHint(trx: Database, userId: string, role: Role): Promise<string> {
  const behind = await countReenrichCandidates(trx, { userId, behindFeatures: enrichmentFeaturesOf(await featureAccess(role)) });
  if (behind === 0) return "";
  const links = behind === 1 ? "1 link you saved before was" : `${behind.toLocaleString("en")} links you saved before were`;
  return ` ${links} enriched without its features: enrich ${behind === 1 ? "it" : "them"} again from Billing, at no extra cost.`;
}

/** Which of our users a provider's subscription belongs to: its metadata, else its customer, else the row we have. */
async function ownerOf(trx: Database, snapshot: SubscriptionSnapshot, known?: string | null): Promise<string | null> {
  if (snapshot.userId && isUuid(snapshot.userId)) return snapshot.userId;
  if (snapshot.customerId) {
    const user = await getUserByBillingCustomer(trx, snapshot.customerId);
    if (user) return user.id;
  }
  return known ?? null;
}

/** Writes the provider's current view of a subscription and the role that follows from it. */
export async function applySubscription(
  trx: Database,
  provider: PaymentProvider["name"],
  snapshot: SubscriptionSnapshot,
  after: AfterCommit,
  knownUserId?: string | null,
): Promise<void> {
  const userId = await ownerOf(trx, snapshot, knownUserId);
  if (!userId) {
    log.warn("subscription for an unknown customer ignored", { subscriptionId: snapshot.id, customerId: snapshot.customerId });
    return;
  }
  if (!snapshot.plan || !isPaidPlan(snapshot.plan)) {
    log.warn("subscription with an unknown price ignored", { subscriptionId: snapshot.id });
    return;
  }
  await upsertSubscription(trx, {
    id: snapshot.id,
    user_id: userId,
    provider,
    plan: snapshot.plan,
    status: snapshot.status,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    current_period_end: snapshot.currentPeriodEnd,
  });
  await recomputeRole(trx, userId, after);
}

/** Reads a subscription from the provider and writes it, in a transaction of its own. */
export async function syncSubscription(provider: PaymentProvider, subscriptionId: string, knownUserId?: string | null): Promise<void> {
  const snapshot = await provider.subscription(subscriptionId);
  if (!snapshot) return;
  const after = new AfterCommit();
  await db()
    .transaction()
    .execute((trx) => applySubscription(trx, provider.name, snapshot, after, knownUserId));
  await after.run();
}

/** The user's renewing test-mode subscription, if any (test mode plays the provider with it). */
export async function liveTestSubscription(trx: Database, userId: string): Promise<Subscription | undefined> {
  return (await listSubscriptionsOf(trx, userId)).find((s) => s.provider === "test" && RENEWING_STATUSES.includes(s.status));
}
