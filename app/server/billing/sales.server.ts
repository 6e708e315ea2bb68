/**
 * Whether plans and packs are on sale. SALES_STATE sets the default; an admin can change it
 * at run time (stored in app_settings, read fresh: a checkout is rare enough for one query).
 */
import { SALES_COMING_SOON, type SalesState } from "~/lib/billing";
import { recordAudit } from "../audit/audit.server";
import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { getAppSetting, putAppSetting } from "../repos/billing.server";

const KEY = "sales_state";

export interface SalesSetting {
  state: SalesState;
  source: "env" | "admin";
}

export async function salesSetting(): Promise<SalesSetting> {
  const row = await getAppSetting(db(), KEY);
  if (row && (row.value === "open" || row.value === "coming-soon")) return { state: row.value, source: "admin" };
  return { state: env().SALES_STATE, source: "env" };
}

export async function salesState(): Promise<SalesState> {
  return (await salesSetting()).state;
}

/** 409 while sales are Coming Soon: nothing can be bought. */
export async function requireSalesOpen(): Promise<void> {
  if ((await salesState()) === "coming-soon") throw new HttpError(409, SALES_COMING_SOON);
}

export async function setSalesState(actor: { id: string; email: string }, state: SalesState): Promise<SalesSetting> {
  const before = await salesSetting();
  await db()
    .transaction()
    .execute(async (trx) => {
      await putAppSetting(trx, KEY, state, { id: actor.id, label: actor.email });
      await recordAudit(
        { kind: "payment", action: "sales.state-changed", actor: { id: actor.id, label: actor.email }, before: { state: before.state }, after: { state } },
        trx,
      );
    });
  return { state, source: "admin" };
}
