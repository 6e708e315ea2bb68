import { ARTIFACT_ACCESS, type ArtifactKind, type ArtifactSummary, type EnrichmentItem, type PublicArtifact } from "~/lib/artifacts";
import type { Difficulty } from "~/lib/enrichment";
import type { LinkDetail } from "~/lib/links";
import { db } from "../platform/db.server";
import type { LinkArtifact, Role } from "../platform/db-schema.server";
import { type ContentPreferences, type Enricher, type EnrichmentSource, engineLabel } from "./engine.server";
import { enricher } from "./enricher.server";
import { publishUserEvent } from "../notifications/events.server";
import { AlreadyDone, PermanentJobError, settleJobFailure } from "../jobs/failures.server";
import { HttpError } from "../platform/http.server";
import { getUserLink, pageOf, resolveLinkCursor, toLinkDetail } from "../links/links.server";
import { preferencesFor } from "./preferences.server";
import { chargeEnrichment, hasEnrichmentLeft, requireEnrichmentLeft } from "../billing/quota.server";
import { QUOTA_EXCEEDED, featureRefusal, requireFeature } from "../billing/entitlements.server";
import { enqueueEnrichTask } from "../jobs/queue.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { getArtifact, getArtifactById, listArtifactSummaries, listArtifacts, markArtifactFailed, markArtifactReady, upsertPendingArtifact } from "../repos/artifacts.server";
import { getLinkById, listEnrichedLinks } from "../repos/links.server";
import { headingsOfStoredText } from "~/lib/stored-text";

export function toPublicArtifact(artifact: LinkArtifact): PublicArtifact {
  return {
    id: artifact.id,
    kind: artifact.kind,
    variant: artifact.variant as PublicArtifact["variant"],
    status: artifact.status,
    error: artifact.error,
    result: (artifact.payload ?? null) as PublicArtifact["result"],
    engine: artifact.engine,
    updatedAt: artifact.updated_at.toISOString(),
  };
}

/**
 * Asks for an on-demand result. A stored one is served again without another model call
 * unless `regenerate`; otherwise it is queued (counted as one enrichment when it succeeds).
 */
export async function requestArtifact(
  user: { id: string; role: Role },
  linkId: string,
  kind: ArtifactKind,
  { variant = "", regenerate = false }: { variant?: Difficulty | ""; regenerate?: boolean } = {},
): Promise<{ artifact: PublicArtifact; queued: boolean }> {
  await requireFeature(user.role, ARTIFACT_ACCESS[kind].feature);
  const link = await getUserLink(user.id, linkId);
  if (link.status !== "enriched") throw new HttpError(409, "This link is not enriched yet.");
  const existing = await getArtifact(db(), { linkId: link.id, kind, variant });
  if (existing && (existing.status === "pending" || (existing.status === "ready" && !regenerate))) {
    return { artifact: toPublicArtifact(existing), queued: false };
  }
  await requireEnrichmentLeft(db(), user.id, user.role);
  const artifact = await upsertPendingArtifact(db(), { linkId: link.id, userId: user.id, kind, variant });
  await enqueueEnrichTask(artifact.id);
  await publishUserEvent(user.id, { type: "artifact", linkId: link.id, artifact: toPublicArtifact(artifact) });
  return { artifact: toPublicArtifact(artifact), queued: true };
}

async function fail(artifact: LinkArtifact, reason: string) {
  const failed = await markArtifactFailed(db(), artifact.id, reason);
  if (failed) await publishUserEvent(artifact.user_id, { type: "artifact", linkId: artifact.link_id, artifact: toPublicArtifact(failed) });
}

/** One on-demand task on the engine; every kind is named, so a new kind fails to compile until it is handled here. */
export function runTask(engine: Enricher, kind: ArtifactKind, source: EnrichmentSource, options: { level: Difficulty; preferences: ContentPreferences }) {
  switch (kind) {
    case "advanced":
      return engine.advancedSummary(source, options.preferences);
    case "quiz":
      return engine.quiz(source, options.preferences);
    case "rephrase":
      return engine.rephrase(source, options.level, options.preferences);
    case "course":
      return engine.course(source, options.preferences);
    default: {
      const unknown: never = kind;
      throw new PermanentJobError(`Unknown kind of result: ${String(unknown)}`);
    }
  }
}

/**
 * The worker's half: generates one artifact from the link's stored text. Idempotent. `onStep`
 * hears one line per step (the worker writes them to the job's log).
 */
export async function generateArtifact(
  artifactId: string,
  { finalAttempt, onStep }: { finalAttempt: boolean; onStep?: StepLogger },
): Promise<"ready" | "failed" | "skipped"> {
  const step: StepLogger = onStep ?? (() => undefined);
  const artifact = await getArtifactById(db(), artifactId);
  if (!artifact || artifact.status !== "pending") {
    step(artifact ? `nothing to do: the result is ${artifact.status}` : "nothing to do: the result was deleted");
    return "skipped";
  }
  const link = await getLinkById(db(), artifact.link_id);
  if (!link) {
    step("nothing to do: the link was deleted");
    return "skipped";
  }
  // The plan is asked again when the job runs: a feature switched off (or a plan lost) since
  // the request was queued ends it here, before any model call or charge.
  const refused = await featureRefusal(link.owner_role, ARTIFACT_ACCESS[artifact.kind].feature);
  if (refused) {
    await fail(artifact, refused.message);
    return "failed";
  }
  if (!(await hasEnrichmentLeft(db(), artifact.user_id, link.owner_role))) {
    step("no enrichment left this month");
    await fail(artifact, QUOTA_EXCEEDED);
    return "failed";
  }
  const source: EnrichmentSource = {
    title: link.title,
    language: link.language,
    text: link.content_text ?? "",
    summary: link.summary,
    headings: headingsOfStoredText(link.content_text ?? ""),
    codeSnippets: link.code_snippets,
  };
  const preferences = await preferencesFor(artifact.user_id, link.owner_role);
  try {
    const level = (artifact.variant || preferences.difficulty) as Difficulty;
    const result = await runTask(enricher(), artifact.kind, source, { level, preferences });
    const { run } = result;
    step(`${artifact.kind}${artifact.variant ? ` (${artifact.variant})` : ""} made by ${engineLabel(run)} in ${run.durationMs} ms, tokens in ${run.tokensIn ?? "n/a"}, out ${run.tokensOut ?? "n/a"}`);
    const saved = await db()
      .transaction()
      .execute(async (trx) => {
        if (!(await chargeEnrichment(trx, { userId: artifact.user_id, linkId: link.id, kind: artifact.kind, run: result.run, role: link.owner_role }))) return null;
        const ready = await markArtifactReady(trx, artifact.id, { payload: result.data, engine: engineLabel(result.run) });
        // Finished by another run meanwhile: roll the charge back too.
        if (!ready) throw new AlreadyDone();
        return ready;
      });
    if (!saved) {
      step("no enrichment left this month when storing");
      await fail(artifact, QUOTA_EXCEEDED);
      return "failed";
    }
    step("stored and counted as one enrichment");
    await publishUserEvent(artifact.user_id, { type: "artifact", linkId: link.id, artifact: toPublicArtifact(saved) });
    return "ready";
  } catch (error) {
    if (error instanceof AlreadyDone) return "skipped";
    return settleJobFailure(error, {
      finalAttempt,
      fallbackReason: "Generation failed on our side",
      record: (reason) => fail(artifact, reason),
      context: { artifactId: artifact.id },
    });
  }
}

/** One of the user's links with its enrichment and every on-demand result stored for it. */
export async function linkEnrichment(userId: string, id: string): Promise<{ link: LinkDetail; artifacts: PublicArtifact[] }> {
  const link = await getUserLink(userId, id);
  const artifacts = await listArtifacts(db(), link.id);
  return { link: toLinkDetail(link), artifacts: artifacts.map(toPublicArtifact) };
}

function toArtifactSummary(artifact: Omit<LinkArtifact, "payload">): ArtifactSummary {
  return {
    id: artifact.id,
    kind: artifact.kind,
    variant: artifact.variant as ArtifactSummary["variant"],
    status: artifact.status,
    error: artifact.error,
    engine: artifact.engine,
    updatedAt: artifact.updated_at.toISOString(),
  };
}

/**
 * A page of the Enrichments tab in two queries: the user's enriched links, newest first, with
 * which results exist for each (not the results themselves: a card opens one when asked).
 * `before` is the previous page's cursor (or, from older clients, its last link's id).
 */
export async function listEnrichmentPage(
  userId: string,
  { limit, before }: { limit: number; before?: string },
): Promise<{ items: EnrichmentItem[]; nextCursor: string | null }> {
  const cursor = before ? await resolveLinkCursor(userId, before) : undefined;
  const { rows: links, nextCursor } = pageOf(await listEnrichedLinks(db(), { userId, limit: limit + 1, before: cursor }), limit);
  const artifacts = await listArtifactSummaries(
    db(),
    links.map((link) => link.id),
  );
  const items = links.map((link) => ({
    link: toLinkDetail(link),
    artifacts: artifacts.filter((a) => a.link_id === link.id).map(toArtifactSummary),
  }));
  return { items, nextCursor };
}
