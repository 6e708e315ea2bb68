import { isUuid } from "~/lib/ids";
import { NOT_ENRICHED_ALLOWANCE, NOT_ENRICHED_PLAN, type ImportFormat, type PublicImport } from "~/lib/imports";
import { HIGHLIGHTS_PER_LINK_MAX } from "~/lib/highlights";
import { normalizeUrl } from "~/lib/links";
import { can, quotaRefusal, requireFeature } from "../billing/entitlements.server";
import { enrichmentBudget } from "../billing/quota.server";
import { enqueueImportEnrich, enqueueImportSave, hasLiveImportJob, hasLiveRenderJob, resetImportRoundsWhenDrained } from "../jobs/queue.server";
import { enrichLink, type EnrichOptions, type EnrichOutcome } from "../enrichment/enrich-link.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { publishUserEvent } from "../notifications/events.server";
import { createNotification } from "../notifications/notifications.server";
import { emitWebhookEvent } from "../webhooks/webhooks.server";
import { db } from "../platform/db.server";
import type { Import, InvalidEntry, Role } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { trailing } from "../platform/trailing.server";
import { insertRestoredArtifacts } from "../repos/artifacts.server";
import { insertRestoredCards } from "../repos/cards.server";
import { insertRestoredHighlights } from "../repos/highlights.server";
import {
  countImportLinks,
  deleteStagedItems,
  finishSaving,
  getImport,
  getImportById,
  hasImportInProgress,
  insertImport,
  listImports,
  listStagedItems,
  listStaleImports,
  recordSavedChunk,
  reopenImports,
  settleImport,
  stageImportItems,
  touchImport,
  updateImport,
  type ImportLinkCounts,
  type StagedItem,
} from "../repos/imports.server";
import { insertImportedLinks, listStaleImportedPendingLinks, requeueUnenrichedLinks, type ImportedLink } from "../repos/links.server";
import { parseImportOffThread } from "./parse-off-thread.server";
import { ImportFileError, ImportLimitError, type ImportEntry } from "./parse.server";
import { restoredCards, restoredFields, restoredHighlights, restoredResults } from "./restore.server";

/** Staged rows per insert while reading, and links per saved chunk. */
const STAGE_BATCH = 1_000;
export const SAVE_CHUNK = 500;
/** Invalid entries kept to show (all are counted). */
const KEEP_INVALID = 100;
/** Live progress at most this often per import and process. */
const PROGRESS_EVERY_MS = 400;

export function toPublicImport(row: Import, live?: ImportLinkCounts): PublicImport {
  const settled = row.status === "done" || row.status === "failed";
  return {
    id: row.id,
    status: row.status,
    format: row.format as ImportFormat | null,
    fileName: row.file_name,
    parsed: row.parsed,
    saved: row.saved,
    duplicates: row.duplicates,
    invalid: row.invalid,
    invalidLines: row.invalid_lines,
    enriched: settled || !live ? row.enriched : live.enriched,
    failed: settled || !live ? row.failed : live.error,
    notEnriched: settled || !live ? row.not_enriched : live.unenriched,
    pending: settled || !live ? 0 : live.pending,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

async function publicImport(row: Import): Promise<PublicImport> {
  const live = row.status === "enriching" || row.status === "saving" ? await countImportLinks(db(), row.id) : undefined;
  return toPublicImport(row, live);
}

async function announce(row: Import): Promise<PublicImport> {
  const view = await publicImport(row);
  await publishUserEvent(row.user_id, { type: "import", import: view });
  return view;
}

/**
 * Reads an uploaded file as it arrives into the staging table, then queues its saving. The file
 * is read on a thread of its own (never on this event loop) and is never whole in memory; nothing
 * reaches the user's links until the whole file has been read, so a broken file fails the import
 * as a whole (422, saying where) and a file over a limit (400, saying which) with nothing
 * half-imported.
 */
export async function startImport(userId: string, body: AsyncIterable<Uint8Array>, fileName: string | null): Promise<PublicImport> {
  if (await hasImportInProgress(db(), userId)) throw new HttpError(409, "An import is already being read or saved. Wait for it to finish.");
  const row = await insertImport(db(), { userId, fileName: fileName?.slice(0, 200) ?? null });
  let format: ImportFormat | null = null;
  let parsed = 0;
  let invalid = 0;
  let staged = 0;
  const invalidLines: InvalidEntry[] = [];
  let batch: StagedItem[] = [];
  let lastProgress = Date.now();
  const flush = async () => {
    staged += await stageImportItems(db(), row.id, batch);
    batch = [];
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      const updated = await updateImport(db(), row.id, { format, parsed, invalid });
      if (updated) await announce(updated);
    }
  };
  try {
    for await (const event of parseImportOffThread(body)) {
      if (event.kind === "format") {
        format = event.format;
      } else if (event.kind === "invalid") {
        parsed++;
        invalid++;
        if (invalidLines.length < KEEP_INVALID) invalidLines.push({ line: event.line, url: event.url, reason: event.reason });
      } else {
        parsed++;
        batch.push(staged_(event.entry, parsed));
        if (batch.length >= STAGE_BATCH) await flush();
      }
    }
    await flush();
  } catch (error) {
    await deleteStagedItems(db(), row.id);
    const where = error instanceof ImportFileError ? error.message.replace(/^Line/, "line") : "";
    const reason =
      error instanceof ImportLimitError
        ? `The file is over an import limit — ${where}. Nothing was imported.`
        : error instanceof ImportFileError
          ? `The file could not be read — ${where}. Nothing was imported.`
          : undefined;
    const failed = await updateImport(db(), row.id, { status: "failed", format, parsed, invalid, invalidLines, error: reason ?? "The upload was interrupted. Nothing was imported." });
    if (failed) await announce(failed);
    if (reason) throw new HttpError(error instanceof ImportLimitError ? 400 : 422, reason, {}, { import: failed ? toPublicImport(failed) : undefined });
    log.warn("import upload failed", { importId: row.id, error });
    throw new HttpError(400, "The upload was interrupted. Nothing was imported.");
  }
  const duplicates = parsed - invalid - staged;
  const ready = await updateImport(db(), row.id, { status: "saving", format, parsed, invalid, invalidLines, duplicates });
  await enqueueImportSave(row.id).catch((error: unknown) => log.warn("import enqueue failed; the reconciler will pick it up", { importId: row.id, error }));
  return announce(ready!);
}

function staged_(entry: ImportEntry, position: number): StagedItem {
  return {
    position,
    line: entry.line,
    url: entry.url,
    normalizedUrl: normalizeUrl(entry.url),
    title: entry.title,
    description: entry.description,
    tags: entry.tags,
    savedAt: entry.savedAt,
    payload: entry.payload,
    read: entry.read ?? false,
    archived: entry.archived ?? false,
  };
}

/**
 * How many imported links may still be enriched: nothing without batch processing; else what
 * the month's allowance and pack credits have left, less what already waits for its turn.
 */
async function importBudget(userId: string, role: Role): Promise<{ budget: number; reason: string }> {
  if (!(await can(role, "batchProcessing"))) return { budget: 0, reason: NOT_ENRICHED_PLAN };
  return { budget: await enrichmentBudget(db(), userId, role), reason: NOT_ENRICHED_ALLOWANCE };
}

/**
 * The import queue's `import-save` job: staged bookmarks into the user's links, a chunk per
 * transaction (links, counters, cursor, staged rows deleted), so a re-run resumes after the last
 * chunk saved. A page the user already has is a duplicate, left as it is. New links are queued for
 * enrichment on the import path as far as the budget reaches; the rest are "Not enriched".
 */
export async function saveImport(importId: string, onStep: StepLogger = () => undefined): Promise<"saved" | "skipped"> {
  const row = await getImportById(db(), importId);
  if (!row || row.status !== "saving") return "skipped";
  const plan = await importBudget(row.user_id, row.owner_role);
  const reason = plan.reason;
  let budget = plan.budget;
  let cursor = row.saved_through;
  let lastProgress = 0;
  for (;;) {
    const items = await listStagedItems(db(), importId, cursor, SAVE_CHUNK);
    if (items.length === 0) break;
    const through = items[items.length - 1]!.position;
    const links: ImportedLink[] = items.map((item) => {
      const restored = restoredFields(item.payload);
      const enriched = restored?.status === "enriched";
      const enrich = !enriched && budget > 0;
      if (enrich) budget--;
      return {
        url: item.url,
        normalizedUrl: item.normalized_url,
        title: item.title,
        description: item.description,
        tags: item.tags,
        savedAt: item.saved_at,
        read: item.read,
        archived: item.archived,
        status: enriched ? "enriched" : enrich ? "pending" : "unenriched",
        error: enriched || enrich ? null : reason,
        restored: restored?.fields,
      };
    });
    const inserted = await db()
      .transaction()
      .execute(async (trx) => {
        const rows = await insertImportedLinks(trx, { userId: row.user_id, importId, links });
        const results = rows.flatMap((saved) => restoredResults(items[saved.index]!.payload).map((result) => ({ ...result, linkId: saved.id, userId: row.user_id })));
        await insertRestoredArtifacts(trx, results);
        const highlights = rows.flatMap((saved) => restoredHighlights(items[saved.index]!.payload).map((highlight) => ({ ...highlight, linkId: saved.id, userId: row.user_id })));
        await insertRestoredHighlights(trx, highlights, HIGHLIGHTS_PER_LINK_MAX);
        // After the highlights: a highlight's card is linked to the restored one.
        const cards = rows.flatMap((saved) => restoredCards(items[saved.index]!.payload).map((card) => ({ ...card, linkId: saved.id, userId: row.user_id })));
        await insertRestoredCards(trx, cards);
        await recordSavedChunk(trx, importId, { saved: rows.length, duplicates: items.length - rows.length, throughPosition: through });
        await deleteStagedItems(trx, importId, through);
        return rows;
      });
    // A budgeted link that was a duplicate gives its enrichment back.
    const queued = inserted.filter((saved) => saved.status === "pending");
    budget += links.filter((link) => link.status === "pending").length - queued.length;
    await enqueueImportEnrich(queued.map((saved) => ({ linkId: saved.id, importId, userId: row.user_id })));
    cursor = through;
    onStep(`saved through position ${through}: ${inserted.length} new, ${queued.length} queued for enrichment`);
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      const progress = await getImport(db(), { id: importId, userId: row.user_id });
      if (progress) await announce(progress);
    }
  }
  const counts = await countImportLinks(db(), importId);
  if (counts.pending === 0) {
    await settle(importId, counts);
  } else {
    const enriching = await finishSaving(db(), importId);
    if (enriching) await announce(enriching);
  }
  return "saved";
}

/** Freezes the figures and sends the summary, once, when nothing of the import waits any more. */
async function settle(importId: string, counts: ImportLinkCounts): Promise<void> {
  const final = await settleImport(db(), importId, counts);
  if (!final) return;
  const parts = [
    `${final.saved} saved`,
    `${final.duplicates} duplicate${final.duplicates === 1 ? "" : "s"} skipped`,
    `${final.enriched} enriched`,
    final.not_enriched ? `${final.not_enriched} not enriched` : null,
    final.failed ? `${final.failed} failed` : null,
    final.invalid ? `${final.invalid} invalid` : null,
  ].filter(Boolean);
  await createNotification(db(), {
    userId: final.user_id,
    type: "import-done",
    title: `Import finished: ${final.saved} link${final.saved === 1 ? "" : "s"} saved`,
    body: `${final.file_name ?? "Your file"}: ${parts.join(", ")}.`,
    link: "/dashboard",
  });
  const view = await announce(final);
  await emitWebhookEvent(final.user_id, "import.finished", { import: view });
}

/**
 * After an imported link's enrichment: tell the dashboard, at most every PROGRESS_EVERY_MS per
 * import and process, and settle the import when its last link is done. A trailing timer, so the
 * last job's figures always go out; if the process dies first, the reconciler settles it.
 */
export const noteImportProgress: (importId: string) => void = trailing(PROGRESS_EVERY_MS, "import progress", (importId) => refreshImport(importId));

async function refreshImport(importId: string): Promise<void> {
  const row = await getImportById(db(), importId);
  if (!row) return;
  const counts = await countImportLinks(db(), importId);
  if (row.status === "enriching" && counts.pending === 0) return settle(importId, counts);
  if (row.status === "enriching") await touchImport(db(), importId);
  await publishUserEvent(row.user_id, { type: "import", import: toPublicImport(row, counts) });
}

/**
 * The import queue's `import-enrich` job: one imported link, through the same enrichment as any,
 * in the background lane (host slots, parser threads and the browser's pages go to links added by
 * hand first); its render, in the lane it was handed over in (a person's retry is interactive).
 */
export async function enrichImportedLink(
  { linkId, importId }: { linkId: string; importId: string | null },
  options: EnrichOptions,
): Promise<EnrichOutcome> {
  const outcome = await enrichLink(linkId, { ...options, lane: options.lane ?? "background" });
  if (importId) noteImportProgress(importId);
  return outcome;
}

/**
 * The reconciler's pass over imports: a save whose job was lost is queued again, imported links
 * pending with no live job go back on the import path, and an import whose links are all done
 * (its last progress timer died with a worker) is settled.
 */
export async function reconcileImports(olderThanMs: number): Promise<number> {
  let requeued = 0;
  for (const stale of await listStaleImports(db(), olderThanMs)) {
    if (stale.status === "saving") {
      if (await hasLiveImportJob(`save-${stale.id}`)) continue;
      await enqueueImportSave(stale.id);
      requeued++;
    } else {
      await refreshImport(stale.id);
    }
  }
  const lost: Array<{ linkId: string; importId: string; userId: string }> = [];
  for (const link of await listStaleImportedPendingLinks(db(), olderThanMs)) {
    if (!(await hasLiveImportJob(`enrich-${link.id}`)) && !(await hasLiveRenderJob(link.id))) lost.push({ linkId: link.id, importId: link.import_id, userId: link.user_id });
  }
  const restored = await enqueueImportEnrich(lost);
  if (await resetImportRoundsWhenDrained()) log.info("import fair-share rounds started again from 0");
  return requeued + restored;
}

export async function listUserImports(userId: string): Promise<PublicImport[]> {
  const rows = await listImports(db(), userId, 10);
  return Promise.all(rows.map(publicImport));
}

export async function getUserImport(userId: string, id: string): Promise<PublicImport> {
  const row = isUuid(id) ? await getImport(db(), { id, userId }) : undefined;
  if (!row) throw new HttpError(404, "Import not found");
  return publicImport(row);
}

/**
 * The one action for links shown "Not enriched": queue as many as the allowance now reaches on
 * the import path (batch processing; 403 without it, or with nothing left).
 */
export async function enrichNotEnriched(user: { id: string; role: Role }): Promise<{ queued: number }> {
  await requireFeature(user.role, "batchProcessing");
  const { budget } = await importBudget(user.id, user.role);
  if (budget <= 0) throw quotaRefusal();
  const links = await requeueUnenrichedLinks(db(), user.id, Number.isFinite(budget) ? budget : 1_000_000);
  await enqueueImportEnrich(links.map((link) => ({ linkId: link.id, importId: link.import_id, userId: user.id })));
  // Imports these belonged to are enriching again until they settle.
  const imports = [...new Set(links.map((link) => link.import_id).filter((id): id is string => id !== null))];
  await reopenImports(db(), user.id, imports);
  return { queued: links.length };
}
