import { db } from "../platform/db.server";
import type { Role } from "../platform/db-schema.server";
import { can } from "../billing/entitlements.server";
import type { ContentPreferences } from "./engine.server";
import { getPreferences, upsertPreferences } from "../repos/preferences.server";

export const DEFAULT_PREFERENCES: ContentPreferences = { summaryLength: "medium", language: null, difficulty: "intermediate" };

/** The user's content preferences; only roles with contentPreferences have them applied. */
export async function preferencesFor(userId: string, role: Role): Promise<ContentPreferences> {
  if (!(await can(role, "contentPreferences"))) return DEFAULT_PREFERENCES;
  const row = await getPreferences(db(), userId);
  return row ? { summaryLength: row.summary_length, language: row.language, difficulty: row.difficulty } : DEFAULT_PREFERENCES;
}

/** Stores the user's content preferences and returns them as saved. */
export async function savePreferences(userId: string, preferences: ContentPreferences): Promise<ContentPreferences> {
  const saved = await upsertPreferences(db(), userId, preferences);
  return { summaryLength: saved.summary_length, language: saved.language, difficulty: saved.difficulty };
}
