import type { Database } from "../platform/db.server";
import type { FeatureFlagRow, FeatureFlagsTable } from "../platform/db-schema.server";

/** Every saved cell; keys no longer in the code's catalogue are the caller's to ignore. */
export async function listFeatureFlags(db: Database): Promise<FeatureFlagRow[]> {
  return db.selectFrom("feature_flags").selectAll().execute();
}

export interface FeatureFlagCell {
  featureKey: string;
  role: FeatureFlagsTable["role"];
  enabled: boolean;
}

/** Saves cells (inserted, or overwritten with their new author and time). */
export async function upsertFeatureFlags(
  db: Database,
  cells: FeatureFlagCell[],
  by: { id: string; label: string },
  at: Date,
): Promise<void> {
  if (cells.length === 0) return;
  await db
    .insertInto("feature_flags")
    .values(cells.map((cell) => ({ feature_key: cell.featureKey, role: cell.role, enabled: cell.enabled, updated_by_id: by.id, updated_by_label: by.label, updated_at: at })))
    .onConflict((oc) =>
      oc.columns(["feature_key", "role"]).doUpdateSet((eb) => ({
        enabled: eb.ref("excluded.enabled"),
        updated_by_id: eb.ref("excluded.updated_by_id"),
        updated_by_label: eb.ref("excluded.updated_by_label"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}
