import type { Database } from "../platform/db.server";

export async function getPreferences(db: Database, userId: string) {
  return db.selectFrom("user_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function upsertPreferences(
  db: Database,
  userId: string,
  prefs: { summaryLength: "short" | "medium" | "long"; language: string | null; difficulty: "beginner" | "intermediate" | "expert" },
) {
  const values = { summary_length: prefs.summaryLength, language: prefs.language, difficulty: prefs.difficulty, updated_at: new Date() };
  return db
    .insertInto("user_preferences")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}
