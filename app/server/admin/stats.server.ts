import type { AdminStats, EngineCount, QueueCounts } from "~/lib/admin-stats";
import { ROLES, type Role } from "../platform/db-schema.server";
import { db } from "../platform/db.server";
import { liveWorkerCount } from "../ops/health.server";
import { redis, whenReady } from "../platform/redis.server";
import { currentPeriod } from "../billing/quota.server";
import { queueDepths } from "../jobs/queue-depth.server";
import { QUEUES } from "../platform/queue-names.server";
import { countEnrichmentsByEngine, countLinks, countOutcomes, countUsers } from "../repos/admin-stats.server";

const DAY_MS = 24 * 60 * 60 * 1000;
// The page must answer while Redis is away: queue figures are then shown as unavailable.
const REDIS_WAIT_MS = 500;

/**
 * The queues that carry users' work (saved links, results, imports, bulk actions, script-built
 * pages, webhook deliveries, feed polls); housekeeping (`system`) is not a backlog anyone waits on.
 */
const WORK_QUEUES = [QUEUES.enrichLink, QUEUES.enrichTask, QUEUES.import, QUEUES.bulk, QUEUES.render, QUEUES.renderBackground, QUEUES.webhookDelivery, QUEUES.feedPoll] as const;

async function queueCounts(): Promise<QueueCounts[] | null> {
  try {
    await whenReady(redis(), REDIS_WAIT_MS);
    const depths = await queueDepths();
    return WORK_QUEUES.map((name) => {
      const depth = depths[name];
      return { name, waiting: depth.waiting + depth.prioritized, active: depth.active, delayed: depth.delayed, failed: depth.failed };
    });
  } catch {
    return null;
  }
}

function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The console's live figures. Windows start from `now` (a parameter so a test can fix it): the
 * UTC day, the UTC calendar month (the quota's month), the last 7 days, the last 24 hours. They
 * have no upper edge, so a row stamped by a database clock slightly ahead of ours still counts.
 */
export async function adminStats({ now = new Date() }: { now?: Date } = {}): Promise<AdminStats> {
  const dayStart = utcDayStart(now);
  const monthStart = currentPeriod(now).start;
  const weekStart = new Date(now.getTime() - 7 * DAY_MS);
  const last24hStart = new Date(now.getTime() - DAY_MS);
  const [users, links, engineRows, outcomes, queues, workers] = await Promise.all([
    countUsers(db(), weekStart),
    countLinks(db(), dayStart),
    countEnrichmentsByEngine(db(), { monthStart, dayStart }),
    countOutcomes(db(), last24hStart),
    queueCounts(),
    liveWorkerCount().catch(() => null),
  ]);

  const byRole = Object.fromEntries(ROLES.map((role) => [role, users.by_role[role] ?? 0])) as Record<Role, number>;
  const byEngine: EngineCount[] = engineRows.map((row) => ({
    engine: row.provider ? `${row.provider}/${row.model ?? "unknown"}` : "unrecorded",
    today: row.day,
    thisMonth: row.month,
  }));
  const failed = outcomes.failed_links + outcomes.failed_results;
  const attempted = failed + outcomes.succeeded;

  return {
    generatedAt: now.toISOString(),
    periods: {
      dayStart: dayStart.toISOString(),
      monthStart: monthStart.toISOString(),
      weekStart: weekStart.toISOString(),
      last24hStart: last24hStart.toISOString(),
    },
    users: {
      total: Object.values(byRole).reduce((sum, n) => sum + n, 0),
      byRole,
      newThisWeek: users.new_since,
      unconfirmedOverWeek: users.unconfirmed_before,
      deactivated: users.deactivated,
    },
    links: { today: links.since, total: links.total },
    enrichments: {
      today: byEngine.reduce((sum, row) => sum + row.today, 0),
      thisMonth: byEngine.reduce((sum, row) => sum + row.thisMonth, 0),
      byEngine,
    },
    failures: {
      last24h: failed,
      links: outcomes.failed_links,
      results: outcomes.failed_results,
      succeeded: outcomes.succeeded,
      rate: attempted === 0 ? null : failed / attempted,
    },
    queues,
    workers: { live: workers },
  };
}
