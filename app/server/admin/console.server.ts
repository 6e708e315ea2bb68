import type { ActivityPage, ActivityQuery } from "~/lib/activity";
import type { AdminStats, FlagSummaryRow } from "~/lib/admin-stats";
import { FEATURES } from "~/lib/entitlements";
import { featureAccess } from "../billing/entitlements.server";
import { activityPage } from "./activity.server";
import { adminStats } from "./stats.server";

/** What Scout and Creator get from each feature now, read through the entitlement module like every gate. */
export async function flagSummary(): Promise<FlagSummaryRow[]> {
  const [scout, creator] = await Promise.all([featureAccess("LiteUser"), featureAccess("ProUser")]);
  return FEATURES.map((feature) => ({
    key: feature.key,
    name: feature.name,
    category: feature.category,
    scout: scout[feature.key],
    creator: creator[feature.key],
  }));
}

export interface AdminConsole {
  stats: AdminStats;
  flags: FlagSummaryRow[];
  activity: ActivityPage;
}

/** Everything the /admin page shows besides the user list (which loads its own). */
export async function adminConsole(activity: ActivityQuery = {}): Promise<AdminConsole> {
  const [stats, flags, page] = await Promise.all([adminStats(), flagSummary(), activityPage(activity)]);
  return { stats, flags, activity: page };
}
