import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { Import, ImportItem, ImportStatus, InvalidEntry, Role } from "../platform/db-schema.server";

export async function insertImport(db: Database, { userId, fileName }: { userId: string; fileName: string | null }): Promise<Import> {
  return db.insertInto("imports").values({ user_id: userId, file_name: fileName }).returningAll().executeTakeFirstOrThrow();
}

export async function getImport(db: Database, { id, userId }: { id: string; userId: string }): Promise<Import | undefined> {
  return db.selectFrom("imports").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/** An import with its owner's role (the worker needs both). */
export async function getImportById(db: Database, id: string): Promise<(Import & { owner_role: Role }) | undefined> {
  return db
    .selectFrom("imports")
    .innerJoin("users", "users.id", "imports.user_id")
    .selectAll("imports")
    .select("users.role as owner_role")
    .where("imports.id", "=", id)
    .executeTakeFirst();
}

export async function listImports(db: Database, userId: string, limit: number): Promise<Import[]> {
  return db.selectFrom("imports").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Whether the user has an import still being read or saved (one at a time per user). */
export async function hasImportInProgress(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("imports")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", ["parsing", "saving"])
    // One left behind by a web process that died while reading is not in progress any more.
    .where("updated_at", ">", new Date(Date.now() - 10 * 60_000))
    .executeTakeFirst();
  return row !== undefined;
}

export interface ImportPatch {
  status?: ImportStatus;
  format?: string | null;
  parsed?: number;
  invalid?: number;
  invalidLines?: InvalidEntry[];
  duplicates?: number;
  error?: string | null;
}

export async function updateImport(db: Database, id: string, patch: ImportPatch): Promise<Import | undefined> {
  return db
    .updateTable("imports")
    .set({
      status: patch.status,
      format: patch.format,
      parsed: patch.parsed,
      invalid: patch.invalid,
      invalid_lines: patch.invalidLines === undefined ? undefined : JSON.stringify(patch.invalidLines),
      duplicates: patch.duplicates,
      error: patch.error,
      finished_at: patch.status === "failed" || patch.status === "done" ? new Date() : undefined,
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export interface StagedItem {
  position: number;
  line: number;
  url: string;
  normalizedUrl: string;
  title: string | null;
  description: string | null;
  tags: string[];
  savedAt: Date | null;
  payload: unknown;
  /** The file's read state (decision 056). */
  read: boolean;
  archived: boolean;
}

/** Stages a batch; the same page twice in a file is kept once. Returns how many were new. */
export async function stageImportItems(db: Database, importId: string, items: StagedItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const result = await db
    .insertInto("import_items")
    .values(
      items.map((item) => ({
        import_id: importId,
        position: item.position,
        line: item.line,
        url: item.url,
        normalized_url: item.normalizedUrl,
        title: item.title,
        description: item.description,
        tags: item.tags,
        saved_at: item.savedAt,
        payload: item.payload === undefined ? null : JSON.stringify(item.payload),
        read: item.read,
        archived: item.archived,
      })),
    )
    .onConflict((oc) => oc.columns(["import_id", "normalized_url"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function listStagedItems(db: Database, importId: string, afterPosition: number, limit: number): Promise<ImportItem[]> {
  return db
    .selectFrom("import_items")
    .selectAll()
    .where("import_id", "=", importId)
    .where("position", ">", afterPosition)
    .orderBy("position")
    .limit(limit)
    .execute();
}

export async function deleteStagedItems(db: Database, importId: string, throughPosition?: number): Promise<void> {
  let query = db.deleteFrom("import_items").where("import_id", "=", importId);
  if (throughPosition !== undefined) query = query.where("position", "<=", throughPosition);
  await query.execute();
}

/** One chunk saved: counters move and the cursor advances, in the chunk's transaction. */
export async function recordSavedChunk(
  db: Database,
  id: string,
  { saved, duplicates, throughPosition }: { saved: number; duplicates: number; throughPosition: number },
): Promise<Import | undefined> {
  return db
    .updateTable("imports")
    .set((eb) => ({
      saved: eb("saved", "+", saved),
      duplicates: eb("duplicates", "+", duplicates),
      saved_through: throughPosition,
      updated_at: new Date(),
    }))
    .where("id", "=", id)
    .where("status", "=", "saving")
    // A second run of the same chunk finds the cursor past it and counts nothing.
    .where("saved_through", "<", throughPosition)
    .returningAll()
    .executeTakeFirst();
}

export interface ImportLinkCounts {
  pending: number;
  enriched: number;
  error: number;
  unenriched: number;
}

/** The import's links by status: its live progress. */
export async function countImportLinks(db: Database, importId: string): Promise<ImportLinkCounts> {
  const rows = await db
    .selectFrom("links")
    .select(["status", sql<number>`count(*)::int`.as("count")])
    .where("import_id", "=", importId)
    .groupBy("status")
    .execute();
  const counts: ImportLinkCounts = { pending: 0, enriched: 0, error: 0, unenriched: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** From saving to enriching; only once. */
export async function finishSaving(db: Database, id: string): Promise<Import | undefined> {
  return db
    .updateTable("imports")
    .set({ status: "enriching", updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "saving")
    .returningAll()
    .executeTakeFirst();
}

/** Freezes the final figures; only the first caller wins, so the summary is sent once. */
export async function settleImport(db: Database, id: string, counts: ImportLinkCounts): Promise<Import | undefined> {
  return db
    .updateTable("imports")
    .set({ status: "done", enriched: counts.enriched, failed: counts.error, not_enriched: counts.unenriched, finished_at: new Date(), updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "in", ["enriching", "saving"])
    .returningAll()
    .executeTakeFirst();
}

/** Imports the reconciler looks at: saving or enriching, untouched for a while. */
export async function listStaleImports(db: Database, olderThanMs: number, limit = 100): Promise<Array<{ id: string; status: ImportStatus }>> {
  return db
    .selectFrom("imports")
    .select(["id", "status"])
    .where("status", "in", ["saving", "enriching"])
    .where("updated_at", "<", new Date(Date.now() - olderThanMs))
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}

export async function touchImport(db: Database, id: string): Promise<void> {
  await db.updateTable("imports").set({ updated_at: new Date() }).where("id", "=", id).execute();
}

/** Settled imports whose not-enriched links are being enriched after all: live again until they settle. */
export async function reopenImports(db: Database, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("imports")
    .set({ status: "enriching", finished_at: null, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .where("status", "=", "done")
    .execute();
}
