/**
 * The admin's feature toggles: the Scout and Creator columns of the role × feature table,
 * saved in Postgres, read through a short cache that every web and worker process drops as
 * soon as a change is announced on Redis. Installed as the entitlement module's flags store,
 * so every gate (API refusals, page locks, the sidebar, the worker) follows the saved table.
 */
import { FEATURES, FEATURE_KEYS, type FeatureKey, type FeatureTable } from "~/lib/entitlements";
import {
  DEFAULT_FLAG_TABLE,
  FLAG_ROLES,
  FLAG_ROLE_LABELS,
  withFlags,
  type FeatureFlagsAnswer,
  type FlagCell,
  type FlagRole,
  type FlagTable,
  type FlagTableUpdate,
} from "~/lib/feature-flags";
import { recordAudit } from "../audit/audit.server";
import { setFeatureFlagStore, type FeatureFlagStore } from "../billing/entitlements.server";
import { db as defaultDb, type Database } from "../platform/db.server";
import type { FeatureFlagRow } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { createRedis, redis, whenReady } from "../platform/redis.server";
import { dropSingleton, singleton } from "../platform/singleton.server";
import { lockForTransaction } from "../repos/database.server";
import { listFeatureFlags, upsertFeatureFlags, type FeatureFlagCell } from "../repos/feature-flags.server";

function changesChannel(): string {
  return `${env().REDIS_PREFIX}:feature-flags:changed`;
}

type SavedCells = Map<string, FeatureFlagRow>;
const cellId = (key: string, role: string) => `${key}:${role}`;

async function savedCells(db: Database): Promise<SavedCells> {
  const rows = await listFeatureFlags(db);
  return new Map(rows.map((row) => [cellId(row.feature_key, row.role), row]));
}

/** Saved cells over the defaults; a cell never saved, or a key new in code, reads as its default. */
function flagTableFrom(saved: SavedCells): FlagTable {
  return Object.fromEntries(
    FEATURE_KEYS.map((key) => [
      key,
      Object.fromEntries(FLAG_ROLES.map((role) => [role, saved.get(cellId(key, role))?.enabled ?? DEFAULT_FLAG_TABLE[key][role]])),
    ]),
  ) as FlagTable;
}

function answerFrom(saved: SavedCells): FeatureFlagsAnswer {
  const flags = flagTableFrom(saved);
  const withDefaults = withFlags(flags);
  return {
    roles: FLAG_ROLE_LABELS,
    flags,
    defaults: DEFAULT_FLAG_TABLE,
    features: FEATURES.map((feature) => ({
      ...feature,
      freeUser: withDefaults[feature.key].FreeUser,
      cells: Object.fromEntries(
        FLAG_ROLES.map((role): [FlagRole, FlagCell] => {
          const row = saved.get(cellId(feature.key, role));
          return [
            role,
            {
              enabled: flags[feature.key][role],
              default: DEFAULT_FLAG_TABLE[feature.key][role],
              updatedBy: row ? { id: row.updated_by_id, email: row.updated_by_label } : null,
              updatedAt: row ? row.updated_at.toISOString() : null,
            },
          ];
        }),
      ) as Record<FlagRole, FlagCell>,
    })),
  };
}

/** GET /api/admin/feature-flags: read from Postgres, not the cache, so the admin sees the truth. */
export async function featureFlagsForAdmin(): Promise<FeatureFlagsAnswer> {
  return answerFrom(await savedCells(defaultDb()));
}

/**
 * Saves the cells that differ from the current table, with one audit event of what changed
 * (before and after) in the same transaction, then tells every process. Cells left out of
 * `update`, or sent unchanged, keep their value and their author.
 */
export async function saveFeatureFlags(admin: { id: string; email: string }, update: FlagTableUpdate): Promise<FeatureFlagsAnswer> {
  const answer = await defaultDb()
    .transaction()
    .execute(async (trx) => {
      // Two admins saving at once take turns, so each audit event's "before" is what it replaced.
      await lockForTransaction(trx, "feature-flags");
      const current = flagTableFrom(await savedCells(trx));
      const changed: FeatureFlagCell[] = [];
      const before: Partial<Record<FeatureKey, Partial<Record<FlagRole, boolean>>>> = {};
      const after: typeof before = {};
      for (const key of FEATURE_KEYS) {
        for (const role of FLAG_ROLES) {
          const enabled = update[key]?.[role];
          if (enabled === undefined || enabled === current[key][role]) continue;
          changed.push({ featureKey: key, role, enabled });
          before[key] = { ...before[key], [role]: current[key][role] };
          after[key] = { ...after[key], [role]: enabled };
        }
      }
      if (changed.length > 0) {
        await upsertFeatureFlags(trx, changed, { id: admin.id, label: admin.email }, new Date());
        await recordAudit(
          {
            kind: "flag",
            action: "flags.updated",
            actor: { id: admin.id, label: admin.email },
            target: { type: "feature-flags", id: "table", label: "Feature toggles" },
            before,
            after,
          },
          trx,
        );
      }
      return { changed: changed.length > 0, answer: answerFrom(await savedCells(trx)) };
    });
  if (answer.changed) {
    // This process must not wait for its own message; the others hear it on Redis.
    dropCachedFlags();
    await announceChange();
  }
  return answer.answer;
}

async function announceChange(): Promise<void> {
  // A lost announcement is not an error for the admin: the cache's age limit catches it up.
  await whenReady(redis())
    .then((client) => client.publish(changesChannel(), JSON.stringify({ at: new Date().toISOString(), by: process.pid })))
    .catch((error: unknown) => log.warn("feature flags: change announcement failed; other processes catch up within FEATURE_FLAGS_CACHE_MS", { error }));
}

/**
 * This process's copy of the table. Kept in the process-wide registry because the Express
 * server and the Remix build each load this module, and a save in one must drop the copy the
 * other reads. `generation` rises on every drop, so a read that began before a change never
 * stores its stale answer.
 */
interface FlagCache {
  table: FeatureTable | null;
  loadedAt: number;
  loading: Promise<FeatureTable> | null;
  generation: number;
}

function flagCache(): FlagCache {
  return singleton("feature-flag-cache", (): FlagCache => ({ table: null, loadedAt: 0, loading: null, generation: 0 }));
}

function dropCachedFlags(): void {
  const cache = flagCache();
  cache.generation += 1;
  cache.table = null;
  cache.loading = null;
}

/** The flags store web and worker install: Postgres through the cache. */
export const postgresFeatureFlagStore: FeatureFlagStore = {
  featureTable(): Promise<FeatureTable> {
    const cache = flagCache();
    if (cache.table && Date.now() - cache.loadedAt < env().FEATURE_FLAGS_CACHE_MS) return Promise.resolve(cache.table);
    if (cache.loading) return cache.loading;
    const generation = cache.generation;
    const loading = savedCells(defaultDb()).then((saved) => {
      const table = withFlags(flagTableFrom(saved));
      if (cache.generation === generation) {
        cache.table = table;
        cache.loadedAt = Date.now();
      }
      return table;
    });
    cache.loading = loading;
    // Whatever the outcome, the next read starts afresh (a failed read is not remembered).
    const settle = () => {
      if (cache.loading === loading) cache.loading = null;
    };
    loading.then(settle, settle);
    return loading;
  },
};

const SUBSCRIBER = "feature-flag-subscriber";

/**
 * Puts the Postgres-backed store in place and listens for changes; returns the function that
 * stops listening and puts the previous store back. Web and worker call it at start-up (a
 * test process may run several web servers: they share one subscription).
 */
export function installFeatureFlagStore(): () => Promise<void> {
  const listener = singleton(SUBSCRIBER, () => {
    const restore = setFeatureFlagStore(postgresFeatureFlagStore);
    const client = createRedis("worker");
    client.subscribe(changesChannel()).catch((error: unknown) => {
      // Closed before Redis ever answered (shutdown while it was away): nothing to report.
      if (client.status !== "end") log.warn("feature flags: subscribe failed; changes arrive within FEATURE_FLAGS_CACHE_MS", { error });
    });
    client.on("message", (channel) => {
      if (channel !== changesChannel()) return;
      dropCachedFlags();
      log.info("feature flags: change received; cache dropped", { pid: process.pid });
    });
    // After a lost connection a change may have gone by unheard: start from Postgres again.
    client.on("ready", dropCachedFlags);
    return { client, restore, users: 0 };
  });
  listener.users += 1;
  dropCachedFlags();
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    listener.users -= 1;
    if (listener.users > 0) return;
    dropSingleton(SUBSCRIBER);
    listener.restore();
    dropCachedFlags();
    listener.client.disconnect();
  };
}
