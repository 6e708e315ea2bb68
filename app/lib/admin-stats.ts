import type { FeatureAccess, FeatureInfo, FeatureKey } from "./entitlements";
import type { Role } from "./user";

/** The admin console's live figures, as `GET /api/admin/stats` answers them. Times are UTC. */
export interface AdminStats {
  generatedAt: string;
  /** Where each window starts: the UTC day and month, the last 7 days, the last 24 hours. */
  periods: { dayStart: string; monthStart: string; weekStart: string; last24hStart: string };
  users: {
    total: number;
    byRole: Record<Role, number>;
    /** Accounts created in the last 7 days. */
    newThisWeek: number;
    /** Active accounts whose email is still unconfirmed more than 7 days after sign-up. */
    unconfirmedOverWeek: number;
    deactivated: number;
  };
  /** Links saved (new rows) since the UTC day began, and every link there is. */
  links: { today: number; total: number };
  /** Counted enrichments (links and on-demand results), most used engine first. */
  enrichments: { today: number; thisMonth: number; byEngine: EngineCount[] };
  /**
   * Links and on-demand results whose failure was recorded in the last 24 hours, and the rate
   * failed / (failed + succeeded); null when nothing ran.
   */
  failures: { last24h: number; links: number; results: number; succeeded: number; rate: number | null };
  /** Job counts per user-work queue; null when Redis did not answer. */
  queues: QueueCounts[] | null;
  /** Worker processes that beat recently; null when that could not be read. */
  workers: { live: number | null };
}

export interface EngineCount {
  /** `provider/model`, as links show it; "unrecorded" for rows from before engines were noted. */
  engine: string;
  today: number;
  thisMonth: number;
}

export interface QueueCounts {
  name: string;
  /** Waiting to run, prioritised jobs included (BullMQ 6 keeps a paused queue's jobs in the wait list). */
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

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
