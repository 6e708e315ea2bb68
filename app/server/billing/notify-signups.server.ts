import { db } from "../platform/db.server";
import { upsertNotifySignup } from "../repos/notify-signups.server";

export type PlanNewsPlan = "scout" | "creator";

/** Asks to hear when the Scout or Creator plan opens; asking again with the same address replaces the plans. */
export async function signUpForPlanNews({ email, plans, userId }: { email: string; plans: PlanNewsPlan[]; userId: string | null }): Promise<void> {
  await upsertNotifySignup(db(), { email, plans: [...new Set(plans)], userId });
}
