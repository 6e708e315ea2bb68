import type { Database } from "../platform/db.server";
import type { AffiliateRuleRow } from "../platform/db-schema.server";

export async function listAffiliateRules(db: Database, userId: string): Promise<AffiliateRuleRow[]> {
  return db.selectFrom("affiliate_rules").selectAll().where("user_id", "=", userId).orderBy("domain").orderBy("param").execute();
}

export async function countAffiliateRules(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("affiliate_rules")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One rule per domain and parameter: saving the same pair again replaces its value. */
export async function upsertAffiliateRule(
  db: Database,
  rule: { userId: string; domain: string; param: string; value: string },
): Promise<AffiliateRuleRow> {
  return db
    .insertInto("affiliate_rules")
    .values({ user_id: rule.userId, domain: rule.domain, param: rule.param, value: rule.value })
    .onConflict((oc) => oc.columns(["user_id", "domain", "param"]).doUpdateSet({ value: rule.value }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAffiliateRule(db: Database, where: { id: string; userId: string }): Promise<boolean> {
  const result = await db.deleteFrom("affiliate_rules").where("id", "=", where.id).where("user_id", "=", where.userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
