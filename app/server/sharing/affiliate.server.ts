/**
 * A Creator's affiliate rules (affiliateLinks): kept per user, applied to the outgoing link of
 * their public share pages. Editing needs the feature; so does applying them, so a plan that
 * loses it stops rewriting at once while the rules stay for when it comes back.
 */
import { MAX_AFFILIATE_RULES, applyAffiliateRules, type AffiliateRule, type AffiliateRuleInput } from "~/lib/affiliate";
import { isUuid } from "~/lib/ids";
import { can, requireFeature } from "../billing/entitlements.server";
import { db } from "../platform/db.server";
import type { AffiliateRuleRow, Role, User } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { countAffiliateRules, deleteAffiliateRule, listAffiliateRules, upsertAffiliateRule } from "../repos/affiliate-rules.server";

function toRule(row: AffiliateRuleRow): AffiliateRule {
  return { id: row.id, domain: row.domain, param: row.param, value: row.value, createdAt: row.created_at.toISOString() };
}

export async function listUserAffiliateRules(userId: string): Promise<AffiliateRule[]> {
  return (await listAffiliateRules(db(), userId)).map(toRule);
}

export async function saveAffiliateRule(user: Pick<User, "id" | "role">, input: AffiliateRuleInput): Promise<AffiliateRule> {
  await requireFeature(user.role, "affiliateLinks");
  const existing = await listAffiliateRules(db(), user.id);
  const replaces = existing.some((rule) => rule.domain === input.domain && rule.param === input.param);
  if (!replaces && (await countAffiliateRules(db(), user.id)) >= MAX_AFFILIATE_RULES) {
    throw new HttpError(409, `You have ${MAX_AFFILIATE_RULES} rules already. Remove one first.`);
  }
  return toRule(await upsertAffiliateRule(db(), { userId: user.id, ...input }));
}

export async function removeAffiliateRule(userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) && (await deleteAffiliateRule(db(), { id, userId }));
  if (!deleted) throw new HttpError(404, "Rule not found");
}

/** The URL a visitor of the owner's share page is sent to: tagged when the owner's plan has affiliate links. */
export async function outgoingUrl(owner: { id: string; role: Role }, url: string): Promise<string> {
  if (!(await can(owner.role, "affiliateLinks"))) return url;
  const rules = await listAffiliateRules(db(), owner.id);
  return rules.length === 0 ? url : applyAffiliateRules(url, rules);
}
