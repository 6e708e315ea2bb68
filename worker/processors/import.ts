import { UnrecoverableError, type Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { enrichImportedLink, saveImport } from "~/server/imports/imports.server";
import { noteBulkEnrichment } from "~/server/links/bulk.server";
import { noteImportRoundServed } from "~/server/jobs/import-fairness.server";
import { importEnrichJobSchema, importSaveJobSchema, parseJobData } from "~/server/jobs/queue.server";
import { deferralsOf } from "~/server/fetching/host-limits.server";

/**
 * The `import` queue: `import-save` moves an upload's staged bookmarks into the user's links in
 * chunks; `import-enrich` enriches one imported link, on this queue's own slots so a big import
 * never holds up links added by hand (those use enrich-link).
 */
export async function processImportJob(job: Job, ctx: WorkerContext): Promise<string> {
  const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  if (job.name === "import-save") {
    const { importId } = parseJobData(importSaveJobSchema, job);
    const outcome = await saveImport(importId, stepLogger(job));
    ctx.log.info("import saved", { jobId: job.id, outcome });
    return outcome;
  }
  if (job.name === "import-enrich") {
    const data = parseJobData(importEnrichJobSchema, job);
    // A lost update only delays the round's advance; it never holds the job up.
    await noteImportRoundServed(job.opts.priority).catch((error: unknown) => ctx.log.warn("import round not noted", { jobId: job.id, error }));
    const outcome = await enrichImportedLink(data, { finalAttempt, onStep: stepLogger(job), deferrals: deferralsOf(job.data), quiet: data.bulkId !== undefined });
    if (data.bulkId && outcome !== "rendering") noteBulkEnrichment(data.bulkId);
    ctx.log.debug("imported link job done", { jobId: job.id, outcome });
    return outcome;
  }
  throw new UnrecoverableError(`No such job on the import queue: ${job.name}`);
}
