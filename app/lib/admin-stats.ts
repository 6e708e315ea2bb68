import * as z from "zod";
import type { FeatureAccess, FeatureInfo, FeatureKey } from "./entitlements";

const count = () => z.number().int();
const timestamp = () => z.iso.datetime({ offset: true });

export const engineCountSchema = z.object({
  engine: z.string().describe("`provider/model`, as links show it; \"unrecorded\" for rows from before engines were noted."),
  today: count(),
  thisMonth: count(),
});
export type EngineCount = z.infer<typeof engineCountSchema>;

export const queueCountsSchema = z.object({
  name: z.string(),
  waiting: count().describe("Waiting to run, prioritised jobs included."),
  active: count(),
  delayed: count(),
  failed: count(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** The admin console's live figures, as `GET /api/admin/stats` answers them. Times are UTC. */
export const adminStatsSchema = z
  .object({
    generatedAt: timestamp(),
    periods: z
      .object({ dayStart: timestamp(), monthStart: timestamp(), weekStart: timestamp(), last24hStart: timestamp() })
      .describe("Where each window starts: the UTC day and month, the last 7 days, the last 24 hours."),
    users: z.object({
      total: count(),
      byRole: z.object({ FreeUser: count(), LiteUser: count(), ProUser: count(), Admin: count() }),
      newThisWeek: count().describe("Accounts created in the last 7 days."),
      unconfirmedOverWeek: count().describe("Active accounts whose email is still unconfirmed more than 7 days after sign-up."),
      deactivated: count(),
    }),
    links: z.object({ today: count(), total: count() }).describe("Links saved (new rows) since the UTC day began, and every link there is."),
    enrichments: z
      .object({ today: count(), thisMonth: count(), byEngine: z.array(engineCountSchema) })
      .describe("Counted enrichments (links and on-demand results), most used engine first."),
    failures: z
      .object({ last24h: count(), links: count(), results: count(), succeeded: count(), rate: z.number().nullable() })
      .describe("Failures recorded in the last 24 hours, and the rate failed / (failed + succeeded); null when nothing ran."),
    queues: z.array(queueCountsSchema).nullable().describe("Job counts per user-work queue; null when Redis did not answer."),
    workers: z.object({ live: count().nullable() }).describe("Worker processes that beat recently; null when that could not be read."),
  })
  .meta({ id: "AdminStats" });
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One feature in the console's flag summary: what Scout and Creator get from it now. */
export interface FlagSummaryRow {
  key: FeatureKey;
  name: string;
  category: FeatureInfo["category"];
  scout: FeatureAccess;
  creator: FeatureAccess;
}

const NUMBER = new Intl.NumberFormat("en-US");

/** Same output on the server and in the browser, so hydration never disagrees. */
export function formatCount(value: number): string {
  return NUMBER.format(value);
}

/** A rate as a percentage with one decimal; "—" when there is nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)}%`;
}
