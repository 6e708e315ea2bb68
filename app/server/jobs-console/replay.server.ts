import { isUuid } from "~/lib/ids";
import {
  MAX_BULK,
  OTHER_REASONS_MAX,
  type BulkResult,
  type FailureDetail,
  type FailureFilter,
  type FailurePage,
  type FailureQueue,
  type PublicFailure,
  type ReasonCount,
  type ReenrichFilter,
  type RetryOneResult,
} from "~/lib/jobs";
import { recordAudit } from "../audit/audit.server";
import { monthlyAllowance, queuePriority } from "../billing/entitlements.server";
import { currentPeriod, hasEnrichmentLeft } from "../billing/quota.server";
import { toPublicArtifact } from "../enrichment/artifacts.server";
import { toPublicLink } from "../links/links.server";
import { publishUserEvent } from "../notifications/events.server";
import { db } from "../platform/db.server";
import type { Link, LinkArtifact, Role } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { redis, whenReady } from "../platform/redis.server";
import { getArtifactById, markArtifactFailed } from "../repos/artifacts.server";
import {
  countFailures,
  groupFailuresByReason,
  listFailureKeys,
  listFailures,
  listQuotaStates,
  resetFailedArtifacts,
  resetFailedLinks,
  type FailureQuery,
  type FailureRow,
} from "../repos/failures.server";
import { countReenrichCandidates, getLinkById, requestReenrichment, type ReenrichQuery } from "../repos/links.server";
import { getUserByEmail, getUserById } from "../repos/users.server";
import { describeJob, findJob, type Actor } from "./operations.server";
import { QUEUES, REENRICH_PRIORITY, enqueueEnrichLink, enqueueEnrichLinks, enqueueEnrichTask, enqueueEnrichTasks, getQueue } from "../jobs/queue.server";

/**
 * Failed work and its replay. The rows are the truth: a failed link (links.status 'error')
 * or on-demand result (link_artifacts.status 'error') is listed and replayable whether or not
 * Redis still holds its job. A replay puts the row back to pending and queues it under the
 * row's id, so pressing twice, or two admins at once, queue it once; nothing is charged until
 * the work succeeds (the pipeline charges when it stores the result).
 */

const ENQUEUE_CHUNK = 1_000;

async function userIdFor(user: string | undefined): Promise<string | undefined> {
  if (user === undefined) return undefined;
  const email = user.trim().toLowerCase();
  if (isUuid(user)) return user;
  const found = await getUserByEmail(db(), email);
  if (!found) throw new HttpError(400, `No user with the email ${email}.`);
  return found.id;
}

async function toQuery(filter: FailureFilter): Promise<FailureQuery> {
  return {
    queue: filter.queue,
    reason: filter.reason,
    userId: await userIdFor(filter.user),
    domain: filter.domain,
    since: filter.since,
    until: filter.until,
  };
}

/**
 * When a reason filter matched nothing, the reasons the rest of the filter does match, with
 * their counts: an operator who typed a reason from memory sees what to type instead.
 */
async function otherReasonsFor(query: FailureQuery, matched: number): Promise<{ otherReasons?: ReasonCount[] }> {
  if (matched > 0 || query.reason === undefined) return {};
  const groups = await groupFailuresByReason(db(), { ...query, reason: undefined }, OTHER_REASONS_MAX);
  return { otherReasons: groups.map((group) => ({ reason: group.reason, count: group.count })) };
}

function encodeCursor(row: FailureRow): string {
  return Buffer.from(`${row.failed_at.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { failedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const failedAt = new Date(at ?? "");
  if (!id || !isUuid(id) || Number.isNaN(failedAt.getTime())) throw new HttpError(400, "cursor must be a nextCursor from a previous page");
  return { failedAt, id };
}

/** Where each listed failure's job is: its BullMQ state, "missing" when evicted, "unknown" when Redis does not answer. */
async function jobStates(rows: FailureRow[]): Promise<string[]> {
  try {
    await whenReady(redis());
    const states = await Promise.all(rows.map((row) => getQueue(row.queue).getJobState(row.id)));
    return states.map((state) => (state === "unknown" ? "missing" : state));
  } catch {
    return rows.map(() => "unknown");
  }
}

function toPublicFailure(row: FailureRow, job: string): PublicFailure {
  return {
    kind: row.kind,
    id: row.id,
    linkId: row.link_id,
    queue: row.queue,
    reason: row.reason,
    user: { id: row.user_id, email: row.email },
    domain: row.domain,
    url: row.url,
    failedAt: row.failed_at.toISOString(),
    job,
  };
}

/** Matching failures: the total, groups by reason, and one page newest first. */
export async function failurePage(filter: FailureFilter, { limit = 50, cursor }: { limit?: number; cursor?: string } = {}): Promise<FailurePage> {
  const query = await toQuery(filter);
  const after = cursor ? decodeCursor(cursor) : undefined;
  const [counts, groups, rows] = await Promise.all([
    countFailures(db(), query),
    groupFailuresByReason(db(), query),
    listFailures(db(), query, { limit: limit + 1, after }),
  ]);
  const page = rows.slice(0, limit);
  const states = await jobStates(page);
  const total = counts.links + counts.artifacts;
  return {
    total,
    groups: groups.map((group) => ({
      reason: group.reason,
      count: group.count,
      links: group.links,
      artifacts: group.artifacts,
      lastFailedAt: new Date(group.last_failed_at).toISOString(),
    })),
    items: page.map((row, i) => toPublicFailure(row, states[i]!)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    ...(await otherReasonsFor(query, total)),
  };
}

function publicLinkOf(link: Link): NonNullable<FailureDetail["link"]> {
  return {
    id: link.id,
    url: link.url,
    status: link.status,
    error: link.error,
    title: link.title,
    engine: link.enrichment_engine,
    createdAt: link.created_at.toISOString(),
    updatedAt: link.updated_at.toISOString(),
    enrichedAt: link.enriched_at?.toISOString() ?? null,
  };
}

const JOB_GONE =
  "The job is no longer in Redis: failed jobs are kept a week (at most 5,000 per queue), then evicted. The row above is the truth, and a retry replays it from there.";

/**
 * One failure (or any link, result or job by id) in detail: the row, its owner, the payload,
 * and the job with every attempt, stack and log line when Redis still has it.
 */
export async function failureDetail(id: string): Promise<FailureDetail> {
  const link = isUuid(id) ? await getLinkById(db(), id) : undefined;
  const artifact = !link && isUuid(id) ? await getArtifactById(db(), id) : undefined;
  if (link || artifact) {
    const kind = link ? "link" : "artifact";
    const queue: FailureQueue = link ? QUEUES.enrichLink : QUEUES.enrichTask;
    const row = link ?? (await getLinkById(db(), artifact!.link_id));
    const owner = await getUserById(db(), (link ?? artifact)!.user_id);
    let redisAnswers = true;
    const job = await findJob(id, queue).catch(() => {
      redisAnswers = false;
      return undefined;
    });
    return {
      kind,
      id,
      queue,
      link: row ? publicLinkOf(row) : null,
      artifact: artifact
        ? { id: artifact.id, kind: artifact.kind, variant: artifact.variant, status: artifact.status, error: artifact.error, updatedAt: artifact.updated_at.toISOString() }
        : null,
      owner: owner ? { id: owner.id, email: owner.email, role: owner.role } : null,
      payload: job?.data ?? (link ? { linkId: id } : { artifactId: id }),
      job: job ? await describeJob(job) : null,
      jobMissing: job ? null : redisAnswers ? JOB_GONE : "Redis does not answer, so the job cannot be shown; the row above is the truth.",
    };
  }
  const job = await findJob(id);
  if (!job) throw new HttpError(404, `No failed link, result or job with the id ${id}.`);
  return {
    kind: "job",
    id,
    queue: job.queueName as FailureDetail["queue"],
    link: null,
    artifact: null,
    owner: null,
    payload: job.data,
    job: await describeJob(job),
    jobMissing: null,
  };
}

const NO_ENRICHMENT_LEFT = "The owner has no enrichment left this month, so a replay would fail the same way.";

async function requireNotFailedAgain(userId: string, role: Role) {
  if (!(await hasEnrichmentLeft(db(), userId, role))) throw new HttpError(409, NO_ENRICHMENT_LEFT);
}

/** Whether a row is failed, in words for a 409 when it is not. */
function notFailed(status: string, what: string): HttpError {
  return new HttpError(409, status === "pending" ? `The ${what} is already queued.` : `Only a failed ${what} can be retried; this one is ${status}.`);
}

/**
 * Replays one failure: the row goes back to pending (audited in the same transaction) and is
 * queued under its own id, with the owner's plan priority. The owner's quota is checked as the
 * user's own retry does. Any other failed job (housekeeping) is retried by BullMQ.
 */
export async function retryFailure({ id, actor }: { id: string; actor: Actor }): Promise<RetryOneResult> {
  const link = isUuid(id) ? await getLinkById(db(), id) : undefined;
  if (link) {
    if (link.status !== "error") throw notFailed(link.status, "link");
    await requireNotFailedAgain(link.user_id, link.owner_role);
    const [reset] = await db()
      .transaction()
      .execute(async (trx) => {
        const rows = await resetFailedLinks(trx, [link.id]);
        if (rows.length) await recordAudit(retryAudit(actor, "link", link.id, link.url, link.error), trx);
        return rows;
      });
    if (!reset) throw notFailed("pending", "link");
    try {
      await enqueueEnrichLink(link.id, { role: link.owner_role });
    } catch (error) {
      // The row is pending: the reconciler queues it once Redis answers.
      log.warn("replay: enqueue failed; the reconciler will queue the link", { linkId: link.id, error });
    }
    await publishUserEvent(reset.user_id, { type: "link", link: toPublicLink(reset) });
    return { id, kind: "link", queue: QUEUES.enrichLink, outcome: "queued" };
  }
  const artifact = isUuid(id) ? await getArtifactById(db(), id) : undefined;
  if (artifact) {
    if (artifact.status !== "error") throw notFailed(artifact.status, "result");
    const owner = await getUserById(db(), artifact.user_id);
    await requireNotFailedAgain(artifact.user_id, owner!.role);
    // Results have no reconciler: make sure Redis answers before the row changes.
    await whenReady(redis());
    const [reset] = await db()
      .transaction()
      .execute(async (trx) => {
        const rows = await resetFailedArtifacts(trx, [artifact.id]);
        if (rows.length) await recordAudit(retryAudit(actor, "artifact", artifact.id, artifact.kind, artifact.error), trx);
        return rows;
      });
    if (!reset) throw notFailed("pending", "result");
    try {
      await enqueueEnrichTask(artifact.id);
    } catch (error) {
      await undoArtifactReplay(artifact, actor);
      throw error;
    }
    await publishUserEvent(reset.user_id, { type: "artifact", linkId: reset.link_id, artifact: toPublicArtifact(reset) });
    return { id, kind: "artifact", queue: QUEUES.enrichTask, outcome: "queued" };
  }
  const job = await findJob(id);
  if (!job) throw new HttpError(404, `No failed link, result or job with the id ${id}.`);
  const state = await job.getState();
  if (state !== "failed") throw new HttpError(409, `Only a failed job can be retried; this one is ${state}.`);
  await job.retry("failed");
  await recordAudit({ kind: "job", action: "job.retried", actor, target: { type: "job", id, label: job.queueName }, before: { state, failedReason: job.failedReason || null } });
  return { id, kind: "job", queue: job.queueName as RetryOneResult["queue"], outcome: "queued" };
}

function retryAudit(actor: Actor, type: "link" | "artifact", id: string, label: string, reason: string | null) {
  return { kind: "job" as const, action: "job.retried", actor, target: { type, id, label }, before: { status: "error", reason }, after: { status: "pending" } };
}

/** The queue refused the job after the row changed: the result is failed again, and the trail says so. */
async function undoArtifactReplay(artifact: LinkArtifact, actor: Actor) {
  await db()
    .transaction()
    .execute(async (trx) => {
      await markArtifactFailed(trx, artifact.id, artifact.error ?? "Failed");
      await recordAudit({ kind: "job", action: "job.retry-undone", actor, target: { type: "artifact", id: artifact.id, label: artifact.kind }, after: { status: "error" } }, trx);
    });
}

/** The owners among `userIds` who have an enrichment left (unlimited plans always do). */
async function ownersWithEnrichmentLeft(owners: Map<string, Role>): Promise<Set<string>> {
  const limited = [...owners].filter(([, role]) => monthlyAllowance(role) !== null).map(([id]) => id);
  const ok = new Set([...owners.keys()].filter((id) => !limited.includes(id)));
  for (const state of await listQuotaStates(db(), limited, currentPeriod().start)) {
    const allowance = monthlyAllowance(state.role);
    if (allowance === null || (state.used ?? 0) < allowance || state.pack_credits > 0) ok.add(state.id);
  }
  return ok;
}

/** The filter in words, for the audit trail. */
function describeFilter(filter: Record<string, unknown>): string {
  const parts = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`);
  return parts.length ? parts.join(" ") : "all";
}

function serialisable(filter: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/**
 * Replays every failure matching `filter`, oldest first, at most `limit` per call (`more`
 * says to call again). Owners with nothing left this month are skipped, as their own retry
 * would be refused. Rows are reset to pending in one statement that only takes rows still
 * failed, so pressing twice (or twice at once) queues each row once; the second press finds
 * them pending and reports them as already queued. `onProgress` hears how many are queued.
 */
export async function retryFailures({
  filter,
  actor,
  dryRun = false,
  limit = MAX_BULK,
  onProgress,
}: {
  filter: FailureFilter;
  actor: Actor;
  dryRun?: boolean;
  limit?: number;
  onProgress?: (queued: number, total: number) => void;
}): Promise<BulkResult> {
  const bound = Math.min(Math.max(limit, 1), MAX_BULK);
  const query = await toQuery(filter);
  const keys = await listFailureKeys(db(), query, bound + 1);
  const more = keys.length > bound;
  const matched = keys.slice(0, bound);
  const hint = await otherReasonsFor(query, matched.length);
  const owners = new Map(matched.map((key) => [key.user_id, key.role] as const));
  const ok = await ownersWithEnrichmentLeft(owners);
  const eligible = matched.filter((key) => ok.has(key.user_id));
  const noEnrichmentLeft = matched.length - eligible.length;
  if (dryRun) return { matched: matched.length, queued: eligible.length, skipped: { alreadyQueued: 0, noEnrichmentLeft }, more, dryRun, ...hint };

  const linkIds = eligible.filter((key) => key.kind === "link").map((key) => key.id);
  const artifactIds = eligible.filter((key) => key.kind === "artifact").map((key) => key.id);
  if (artifactIds.length) await whenReady(redis());
  const { links, artifacts } = await db()
    .transaction()
    .execute(async (trx) => {
      const links = await resetFailedLinks(trx, linkIds);
      const artifacts = await resetFailedArtifacts(trx, artifactIds);
      await recordAudit(
        {
          kind: "job",
          action: "job.retried-all",
          actor,
          target: { type: "failures", id: describeFilter(filter), label: describeFilter(filter) },
          after: { filter: serialisable(filter), matched: matched.length, queued: links.length + artifacts.length, noEnrichmentLeft },
        },
        trx,
      );
      return { links, artifacts };
    });
  const total = links.length + artifacts.length;
  let queued = 0;
  for (let start = 0; start < links.length; start += ENQUEUE_CHUNK) {
    const chunk = links.slice(start, start + ENQUEUE_CHUNK);
    try {
      await enqueueEnrichLinks(chunk.map((link) => ({ linkId: link.id, priority: queuePriority(owners.get(link.user_id)!) })));
    } catch (error) {
      log.warn("replay: enqueue failed; the reconciler will queue the links", { count: chunk.length, error });
    }
    await Promise.all(chunk.map((link) => publishUserEvent(link.user_id, { type: "link", link: toPublicLink(link) })));
    queued += chunk.length;
    onProgress?.(queued, total);
  }
  const reasons = new Map(matched.map((key) => [key.id, key.reason]));
  for (let start = 0; start < artifacts.length; start += ENQUEUE_CHUNK) {
    const chunk = artifacts.slice(start, start + ENQUEUE_CHUNK);
    try {
      await enqueueEnrichTasks(chunk.map((artifact) => artifact.id));
    } catch (error) {
      // Results have no reconciler: the ones not queued are failed again, with their reason.
      for (const artifact of artifacts.slice(start)) await markArtifactFailed(db(), artifact.id, reasons.get(artifact.id) ?? "Failed");
      throw error;
    }
    await Promise.all(chunk.map((artifact) => publishUserEvent(artifact.user_id, { type: "artifact", linkId: artifact.link_id, artifact: toPublicArtifact(artifact) })));
    queued += chunk.length;
    onProgress?.(queued, total);
  }
  return { matched: matched.length, queued: total, skipped: { alreadyQueued: eligible.length - total, noEnrichmentLeft }, more, dryRun, ...hint };
}

/**
 * Enriches again the enriched links matching `filter` (a user's, an engine's, or those enriched
 * before a date: the case of switching models), at most `limit` per call. Each stays Enriched
 * and readable until its new result replaces the old one; it runs at REENRICH_PRIORITY, behind
 * every link a user adds, and is not counted against its owner's quota (the link was paid for
 * when first enriched). A link already waiting for its re-enrichment is not taken twice.
 */
export async function reenrichLinks({
  filter,
  actor,
  dryRun = false,
  limit = MAX_BULK,
}: {
  filter: ReenrichFilter;
  actor: Actor;
  dryRun?: boolean;
  limit?: number;
}): Promise<BulkResult> {
  const bound = Math.min(Math.max(limit, 1), MAX_BULK);
  const query: ReenrichQuery = { userId: await userIdFor(filter.user), engine: filter.engine, enrichedBefore: filter.before };
  if (dryRun) {
    const count = await countReenrichCandidates(db(), query);
    return { matched: Math.min(count, bound), queued: Math.min(count, bound), skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: count > bound, dryRun };
  }
  await whenReady(redis());
  const marked = await db()
    .transaction()
    .execute(async (trx) => {
      const rows = await requestReenrichment(trx, query, bound);
      await recordAudit(
        {
          kind: "job",
          action: "job.reenrich",
          actor,
          target: { type: "links", id: describeFilter(filter), label: describeFilter(filter) },
          after: { filter: serialisable(filter), queued: rows.length, priority: REENRICH_PRIORITY },
        },
        trx,
      );
      return rows;
    });
  for (let start = 0; start < marked.length; start += ENQUEUE_CHUNK) {
    const chunk = marked.slice(start, start + ENQUEUE_CHUNK);
    try {
      await enqueueEnrichLinks(chunk.map((link) => ({ linkId: link.id, priority: REENRICH_PRIORITY })));
    } catch (error) {
      log.warn("re-enrich: enqueue failed; the reconciler will queue the links", { count: chunk.length, error });
    }
  }
  const left = await countReenrichCandidates(db(), query);
  return { matched: marked.length, queued: marked.length, skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: left > 0, dryRun };
}

export type { PublicFailure };
