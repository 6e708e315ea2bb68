import type { Database } from "../platform/db.server";
import type { ArtifactKind, LinkArtifact } from "../platform/db-schema.server";
import { toJsonb } from "../platform/strip-nul-plugin.server";

/** Creates the artifact, or puts the existing one back to pending for a (re)generation. */
export async function upsertPendingArtifact(
  db: Database,
  artifact: { linkId: string; userId: string; kind: ArtifactKind; variant: string },
): Promise<LinkArtifact> {
  return db
    .insertInto("link_artifacts")
    .values({ link_id: artifact.linkId, user_id: artifact.userId, kind: artifact.kind, variant: artifact.variant })
    .onConflict((oc) =>
      oc.columns(["link_id", "kind", "variant"]).doUpdateSet({ status: "pending", error: null, updated_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getArtifact(
  db: Database,
  key: { linkId: string; kind: ArtifactKind; variant: string },
): Promise<LinkArtifact | undefined> {
  return db
    .selectFrom("link_artifacts")
    .selectAll()
    .where("link_id", "=", key.linkId)
    .where("kind", "=", key.kind)
    .where("variant", "=", key.variant)
    .executeTakeFirst();
}

export async function getArtifactById(db: Database, id: string): Promise<LinkArtifact | undefined> {
  return db.selectFrom("link_artifacts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listArtifacts(db: Database, linkId: string): Promise<LinkArtifact[]> {
  return db.selectFrom("link_artifacts").selectAll().where("link_id", "=", linkId).orderBy("created_at").execute();
}

/** The artifacts of several links without their payloads (a page of cards shows what exists, not every quiz). */
/** The pending results (asked for, not yet made) of these links. */
export async function listPendingArtifactIds(db: Database, linkIds: string[]): Promise<string[]> {
  if (linkIds.length === 0) return [];
  const rows = await db.selectFrom("link_artifacts").select("id").where("link_id", "in", linkIds).where("status", "=", "pending").execute();
  return rows.map((row) => row.id);
}

export async function listArtifactSummaries(db: Database, linkIds: string[]): Promise<Array<Omit<LinkArtifact, "payload">>> {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom("link_artifacts")
    .select(["id", "link_id", "user_id", "kind", "variant", "status", "error", "engine", "created_at", "updated_at"])
    .where("link_id", "in", linkIds)
    .orderBy("created_at")
    .execute();
}

export async function markArtifactReady(db: Database, id: string, result: { payload: unknown; engine: string }) {
  return db
    .updateTable("link_artifacts")
    .set({ status: "ready", error: null, payload: toJsonb(result.payload), engine: result.engine, updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

export async function markArtifactFailed(db: Database, id: string, reason: string) {
  return db
    .updateTable("link_artifacts")
    .set({ status: "error", error: reason.slice(0, 300), updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Our own export's generated results, restored with their link (only finished ones). */
export async function insertRestoredArtifacts(
  db: Database,
  rows: Array<{ linkId: string; userId: string; kind: LinkArtifact["kind"]; variant: string; payload: unknown; engine: string | null; createdAt: Date | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("link_artifacts")
    .values(
      rows.map((row) => ({
        link_id: row.linkId,
        user_id: row.userId,
        kind: row.kind,
        variant: row.variant,
        status: "ready" as const,
        payload: toJsonb(row.payload),
        engine: row.engine,
        created_at: row.createdAt ?? undefined,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
