import type { Database } from "../platform/db.server";

/** One row per email; asking again replaces the plans. */
export async function upsertNotifySignup(db: Database, signup: { email: string; plans: string[]; userId: string | null }): Promise<void> {
  await db
    .insertInto("plan_notify_signups")
    .values({ email: signup.email, plans: signup.plans, user_id: signup.userId })
    .onConflict((oc) => oc.column("email").doUpdateSet({ plans: signup.plans }))
    .execute();
}
