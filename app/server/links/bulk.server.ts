import { MAX_BULK_IDS, bulkSummary, type BulkRequest, type PublicBulkOperation } from "~/lib/bulk";
import type { LinkFilter } from "~/lib/api-schemas";
import { isUuid } from "~/lib/ids";
import { quotaRefusal, requireFeature } from "../billing/entitlements.server";
import { enrichmentBudget } from "../billing/quota.server";
import { enqueueBulkRun, enqueueEnrichLink, enqueueEnrichTasks, enqueueImportEnrich, hasLiveBulkJob } from "../jobs/queue.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { publishUserEvent } from "../notifications/events.server";
import { createNotification } from "../notifications/notifications.server";
import { db, type Database } from "../platform/db.server";
import type { LinkStatus, Role } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { trailing } from "../platform/trailing.server";
import {
  addTagToLinks,
  countBulkEnrichment,
  countMatchingLinks,
  finishBulkOperation,
  getBulkOperation,
  getBulkOperationById,
  getBulkOperationIds,
  insertBulkOperation,
  listLinkStatuses,
  listOwnLinkIds,
  listStaleBulkOperations,
  listUntoldBulkOperations,
  lockBulkChunk,
  markBulkFailuresNotified,
  recordBulkChunk,
  removeTagFromLinks,
  resetLinksToPending,
  restoreLinks,
  setLinksPublic,
  setLinksReadState,
  softDeleteLinks,
  type BulkSummary,
} from "../repos/bulk-operations.server";
import { listPendingArtifactIds } from "../repos/artifacts.server";
import { listDeletedLinkIds } from "../repos/links.server";
import { listMatchingLinkIds } from "../repos/link-search.server";
import { getUserById } from "../repos/users.server";
import { toPublicLink } from "./links.server";

/**
 * Bulk actions (batchProcessing): one request names many links (by ids, or by a filter resolved
 * then, so links saved later are not in it), a row keeps the snapshot and the progress, and the
 * `bulk` queue applies it a chunk per transaction. Each chunk moves the row's cursor in the same
 * transaction as its changes, so a job run again after a crash resumes after the last chunk and
 * never applies one twice.
 */

/** Links per transaction. */
export const BULK_CHUNK = 200;
/** Live progress at most this often per operation and process. */
const PROGRESS_EVERY_MS = 400;

export function toPublicBulkOperation(row: BulkSummary): PublicBulkOperation {
  const undoUntil = row.action === "delete" && row.finished_at ? new Date(row.finished_at.getTime() + env().LINK_PURGE_AFTER_MS).toISOString() : null;
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    tag: row.tag,
    total: row.total,
    done: row.done,
    failed: row.failed,
    skipped: row.skipped,
    error: row.error,
    exportUrl: row.action === "export" ? `/api/links/export?format=${row.format ?? "json"}&bulk=${row.id}` : null,
    undoUntil,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

async function announce(row: BulkSummary): Promise<PublicBulkOperation> {
  const view = toPublicBulkOperation(row);
  await publishUserEvent(row.user_id, { type: "bulk", bulk: view });
  return view;
}

/** The selection's ids: named ones (those that are not ids are left out), or the filter's matches now. */
async function selectionIds(userId: string, request: BulkRequest): Promise<string[]> {
  if (request.undo) {
    const undone = await getBulkOperationIds(db(), { id: request.undo, userId });
    if (!undone || undone.action !== "delete") throw new HttpError(404, "No bulk delete with that id to undo.");
    return undone.link_ids;
  }
  if (request.ids) return [...new Set(request.ids.filter(isUuid).map((id) => id.toLowerCase()))];
  const ids = await listMatchingLinkIds(db(), { userId, filter: request.filter ?? {}, limit: MAX_BULK_IDS + 1 });
  if (ids.length > MAX_BULK_IDS) throw new HttpError(400, `The selection holds more than ${MAX_BULK_IDS.toLocaleString("en")} links; narrow it and run the action again.`);
  return ids;
}

/** How many links "select all" would act on for this filter ({}: every live link, "Not enriched" ones included). */
export async function countSelection(userId: string, filter: LinkFilter): Promise<number> {
  return countMatchingLinks(db(), { userId, filter });
}

/**
 * POST /api/links/bulk: checks everything before anything is saved (plan, input, ownership,
 * allowance), then stores the snapshot and queues the job. Export is answered at once with the
 * URL its file streams from. Another user's ids are left out; none of the user's own is a 404.
 */
export async function startBulkOperation(user: { id: string; role: Role }, request: BulkRequest): Promise<PublicBulkOperation> {
  await requireFeature(user.role, "batchProcessing");
  if (request.action === "share") await requireFeature(user.role, "publicLinkSharing");
  if (request.action === "export" && request.format === "markdown") await requireFeature(user.role, "markdownExport");
  const wanted = await selectionIds(user.id, request);
  const linkIds = await listOwnLinkIds(db(), { userId: user.id, ids: wanted, deleted: request.action === "restore" });
  if (linkIds.length === 0) {
    throw new HttpError(404, request.action === "restore" ? "None of those links is deleted and still restorable." : request.filter ? "No link matches." : "None of those links is yours.");
  }
  if ((request.action === "reenrich" || request.action === "retry") && (await enrichmentBudget(db(), user.id, user.role)) <= 0) throw quotaRefusal();
  const base = { userId: user.id, action: request.action, tag: request.tag ?? null, format: request.action === "export" ? (request.format ?? "json") : null, linkIds };
  if (request.action === "export") {
    // Nothing to run: the file is written as it downloads, from the snapshot.
    return toPublicBulkOperation(await insertBulkOperation(db(), { ...base, status: "done", done: linkIds.length }));
  }
  const row = await insertBulkOperation(db(), base);
  await enqueueBulkRun(row.id).catch((error: unknown) => log.warn("bulk enqueue failed; the reconciler will pick it up", { operationId: row.id, error }));
  return announce(row);
}

/**
 * POST /api/links/deleted/restore (Recently deleted's "Restore all"): every deleted link not yet
 * purged, last deleted first, up to MAX_BULK_IDS (a second press takes the rest), restored by the
 * bulk queue a chunk at a time. Getting back what one deleted is not a bulk feature: any plan.
 */
export async function restoreAllDeleted(userId: string): Promise<PublicBulkOperation> {
  const linkIds = await listDeletedLinkIds(db(), { userId, limit: MAX_BULK_IDS });
  if (linkIds.length === 0) throw new HttpError(404, "Nothing to restore: no deleted link is waiting.");
  const row = await insertBulkOperation(db(), { userId, action: "restore", tag: null, format: null, linkIds });
  await enqueueBulkRun(row.id).catch((error: unknown) => log.warn("bulk enqueue failed; the reconciler will pick it up", { operationId: row.id, error }));
  return announce(row);
}

export async function getUserBulkOperation(userId: string, id: string): Promise<PublicBulkOperation> {
  const row = isUuid(id) ? await getBulkOperation(db(), { id, userId }) : undefined;
  if (!row) throw new HttpError(404, "Bulk operation not found");
  return toPublicBulkOperation(row);
}

interface ChunkResult {
  done: number;
  failed: number;
  skipped: number;
  /** What happens after the chunk's commit: queueing, events. Lost in a crash, the reconcilers redo it. */
  after?: () => Promise<void>;
}

/** Of the chunk's links in the given statuses, as many as the allowance pays for go back to pending. */
async function requeue(trx: Database, op: BulkSummary, chunk: string[], role: Role, from: LinkStatus[]): Promise<ChunkResult> {
  const statuses = await listLinkStatuses(trx, { userId: op.user_id, linkIds: chunk });
  const candidates = statuses.filter((link) => from.includes(link.status)).map((link) => link.id);
  const budget = await enrichmentBudget(trx, op.user_id, role);
  const paid = Number.isFinite(budget) ? candidates.slice(0, budget) : candidates;
  const reset = await resetLinksToPending(trx, { userId: op.user_id, linkIds: paid, from });
  return {
    done: reset.length,
    failed: candidates.length - paid.length,
    skipped: chunk.length - reset.length - (candidates.length - paid.length),
    after: async () => {
      // The import queue's low-priority path: a bulk re-enrichment never delays a link added by hand.
      await enqueueImportEnrich(reset.map((link) => ({ linkId: link.id, importId: null, userId: op.user_id, bulkId: op.id })));
      await publishLinks(op.user_id, reset, "link");
    },
  };
}

async function publishLinks(userId: string, links: Array<Parameters<typeof toPublicLink>[0]>, type: "link" | "link-restored"): Promise<void> {
  for (const link of links) await publishUserEvent(userId, { type, link: toPublicLink(link) });
}

async function applyChunk(trx: Database, op: BulkSummary, chunk: string[], role: Role): Promise<ChunkResult> {
  const userId = op.user_id;
  const changed = (n: number): ChunkResult => ({ done: n, failed: 0, skipped: chunk.length - n });
  switch (op.action) {
    case "add-tag":
      return changed(await addTagToLinks(trx, { userId, linkIds: chunk, tag: op.tag! }));
    case "remove-tag":
      return changed(await removeTagFromLinks(trx, { userId, linkIds: chunk, tag: op.tag! }));
    case "share":
    case "unshare":
      return changed(await setLinksPublic(trx, { userId, linkIds: chunk, isPublic: op.action === "share" }));
    case "delete": {
      const deleted = await softDeleteLinks(trx, { userId, linkIds: chunk });
      return {
        ...changed(deleted.length),
        after: async () => {
          for (const id of deleted) await publishUserEvent(userId, { type: "link-deleted", id });
        },
      };
    }
    case "restore": {
      const restored = await restoreLinks(trx, { userId, linkIds: chunk });
      const waiting = await listPendingArtifactIds(trx, restored.map((link) => link.id));
      return {
        ...changed(restored.length),
        after: async () => {
          // One deleted before its job ran is queued again, and so is a result (a quiz, a course)
          // asked for before; job ids are the link's and the result's, so never twice.
          for (const link of restored.filter((l) => l.status === "pending")) await enqueueEnrichLink(link.id, { role });
          await enqueueEnrichTasks(waiting);
          await publishLinks(userId, restored, "link-restored");
        },
      };
    }
    case "retry":
      return requeue(trx, op, chunk, role, ["error", "unenriched"]);
    case "reenrich":
      return requeue(trx, op, chunk, role, ["enriched", "error", "unenriched"]);
    case "export":
      return changed(chunk.length);
    case "mark-read":
    case "mark-unread":
    case "archive":
    case "unarchive": {
      // The user's own read state (decision 056): a link already so is unchanged, its time kept.
      const field = op.action === "mark-read" || op.action === "mark-unread" ? "read_at" : "archived_at";
      const rows = await setLinksReadState(trx, { userId, linkIds: chunk, field, on: op.action === "mark-read" || op.action === "archive" });
      return { ...changed(rows.length), after: () => publishLinks(userId, rows, "link") };
    }
  }
}

export interface RunOptions {
  chunkSize?: number;
  onStep?: StepLogger;
  /** Called after each chunk is committed (tests stop a run there, as a crash would). */
  afterChunk?: (progress: BulkSummary) => void | Promise<void>;
}

/**
 * The `bulk` queue's job: the operation's snapshot, a chunk per transaction. The row is locked
 * for the chunk, so two runs of one job (a stalled one handed on) take turns and neither
 * repeats the other's chunk; the cursor and the counts move with the changes or not at all.
 */
export async function runBulkOperation(operationId: string, { chunkSize = BULK_CHUNK, onStep = () => undefined, afterChunk }: RunOptions = {}): Promise<"done" | "skipped"> {
  const first = await getBulkOperationById(db(), operationId);
  if (!first || first.status !== "running") return "skipped";
  const owner = await getUserById(db(), first.user_id);
  if (!owner) return "skipped";
  let lastProgress = 0;
  for (;;) {
    const step = await db()
      .transaction()
      .execute(async (trx) => {
        const op = await lockBulkChunk(trx, operationId, chunkSize);
        if (!op || op.status !== "running") return { kind: "stop" as const };
        if (op.chunk.length === 0) return { kind: "end" as const };
        const result = await applyChunk(trx, op, op.chunk, owner.role);
        const progress = await recordBulkChunk(trx, operationId, { processed: op.chunk.length, done: result.done, failed: result.failed, skipped: result.skipped });
        return { kind: "chunk" as const, progress, after: result.after };
      });
    if (step.kind === "stop") return "skipped";
    if (step.kind === "end") break;
    await step.after?.().catch((error: unknown) => log.warn("bulk chunk follow-up failed; the reconcilers catch up", { operationId, error }));
    onStep(`${step.progress.processed} of ${step.progress.total}: ${step.progress.done} done, ${step.progress.failed} failed, ${step.progress.skipped} unchanged`);
    await afterChunk?.(step.progress);
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await announce(step.progress);
    }
  }
  const final = await finishBulkOperation(db(), operationId, { status: "done" });
  if (final) await settle(final);
  return "done";
}

/** The summary notification (big operations run a while), and the last progress event. */
async function settle(final: BulkSummary): Promise<void> {
  // Enrichments may all have ended before the last chunk did.
  if (final.action === "reenrich" || final.action === "retry") noteBulkEnrichment(final.id);
  const view = await announce(final);
  if (final.total < 100) return;
  await createNotification(db(), { userId: final.user_id, type: "bulk-done", title: "Bulk action finished", body: bulkSummary(view), link: "/dashboard" });
}

/** The reconciler's pass: a running operation whose job was lost is queued again (it resumes). */
export async function reconcileBulkOperations(olderThanMs: number): Promise<number> {
  let requeued = 0;
  for (const stale of await listStaleBulkOperations(db(), olderThanMs)) {
    if (await hasLiveBulkJob(stale.id)) continue;
    await enqueueBulkRun(stale.id);
    requeued++;
  }
  return requeued;
}

/** Untold operations the reconciler looks at per pass: each check counts up to 10,000 links. */
const UNTOLD_PER_PASS = 20;

/**
 * After a link of a bulk re-enrichment (or retry) is done: once none of the operation's links
 * waits any more, one notification tells how many could not be enriched, instead of one per
 * failed link. A trailing check per operation and process (at most every PROGRESS_EVERY_MS);
 * the reconciler's pass tells those it missed (reconcileBulkFailureSummaries).
 */
export const noteBulkEnrichment: (operationId: string) => void = trailing(PROGRESS_EVERY_MS, "bulk failure summary", async (operationId) => {
  await summarizeBulkFailures(operationId);
});

/**
 * Tells the operation's failures if none of its links waits any more and nobody told them yet;
 * true when this call sent the notification. The operation is marked told in the transaction
 * that saves the notification: the row's guard makes it one notification across checks and
 * processes, and an insert that fails (Postgres away, a crash) leaves it untold for the reconciler.
 */
export async function summarizeBulkFailures(operationId: string): Promise<boolean> {
  const outcome = await countBulkEnrichment(db(), operationId);
  if (!outcome || outcome.pending > 0) return false;
  const { failed, total } = outcome;
  return db()
    .transaction()
    .execute(async (trx) => {
      if (!(await markBulkFailuresNotified(trx, operationId))) return false;
      // Nothing failed: marked all the same, so the reconciler never looks at it again.
      if (failed === 0) return false;
      await createNotification(trx, {
        userId: outcome.userId,
        type: "bulk-failed",
        title: `${failed} link${failed === 1 ? "" : "s"} could not be enriched`,
        body: `Your bulk ${outcome.action === "retry" ? "retry" : "re-enrichment"}: ${failed} of the ${total} links it queued could not be enriched. Each shows why; retry them together with the Failed filter.`,
        link: "/dashboard?status=error",
      });
      return true;
    });
}

/** The reconciler's pass: finished operations whose failures were never told (the check failed) are told now. */
export async function reconcileBulkFailureSummaries(olderThanMs: number): Promise<number> {
  let told = 0;
  for (const untold of await listUntoldBulkOperations(db(), olderThanMs, UNTOLD_PER_PASS)) {
    if (await summarizeBulkFailures(untold.id)) told++;
  }
  return told;
}
