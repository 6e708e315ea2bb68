import { isUuid } from "~/lib/ids";
import type { DuplicateCursor, RankCursor } from "../repos/link-search.server";
import type { DeletedCursor, LinkCursor } from "../repos/links.server";

/**
 * The list's page cursor, opaque to clients: the last row's sort key (saved_at to the
 * microsecond, in UTC) and its id, base64url-encoded. It carries the key itself rather than
 * naming a row, so a row re-saved (moved to the top) after its page was read does not move where
 * the next page starts.
 */
const VERSION = "v1";
const SAVED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeLinkCursor(cursor: LinkCursor): string {
  return Buffer.from(`${VERSION}|${cursor.savedAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor, or undefined when the text is not one of ours (the route answers 400). */
export function decodeLinkCursor(text: string): LinkCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [version, savedAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (version !== VERSION || rest.length > 0 || !savedAt || !SAVED_AT.test(savedAt) || !isUuid(id)) return undefined;
  if (Number.isNaN(Date.parse(`${savedAt}Z`))) return undefined;
  return { savedAt, id: id.toLowerCase() };
}

/** Recently deleted's cursor: the same shape keyed by deleted_at, with its own version, so neither list takes the other's. */
const DELETED_VERSION = "d1";

export function encodeDeletedCursor(cursor: DeletedCursor): string {
  return Buffer.from(`${DELETED_VERSION}|${cursor.deletedAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeDeletedCursor(text: string): DeletedCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [version, deletedAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (version !== DELETED_VERSION || rest.length > 0 || !deletedAt || !SAVED_AT.test(deletedAt) || !isUuid(id)) return undefined;
  if (Number.isNaN(Date.parse(`${deletedAt}Z`))) return undefined;
  return { deletedAt, id: id.toLowerCase() };
}

/**
 * The cursor of a page sorted by relevance: the last row's rank (ts_rank's float4 as Postgres
 * prints it, which reads back to the same value; -1 for a match outside the ranked window), its
 * saved_at and its id; the next page starts strictly after (rank, saved_at, id) in descending
 * order. Valid for the same q only: with another q the ranks mean something else (the page
 * starts at that rank of the new search).
 */
const RANK_VERSION = "r2";
const RANK = /^-?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;

export function encodeRankCursor(cursor: RankCursor): string {
  return Buffer.from(`${RANK_VERSION}|${cursor.rank}|${cursor.savedAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeRankCursor(text: string): RankCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [version, rank, savedAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (version !== RANK_VERSION || rest.length > 0 || !rank || !RANK.test(rank) || !savedAt || !SAVED_AT.test(savedAt) || !isUuid(id)) return undefined;
  if (Number.isNaN(Date.parse(`${savedAt}Z`))) return undefined;
  return { rank, savedAt, id: id.toLowerCase() };
}

/**
 * Possible duplicates' cursor: the last row's group (its newest saved_at and its 16-hex id),
 * saved_at and id; its own version, so no other list's cursor is taken for it.
 */
const DUPLICATE_VERSION = "p1";
const GROUP = /^[0-9a-f]{16}$/;

export function encodeDuplicateCursor(cursor: DuplicateCursor): string {
  return Buffer.from(`${DUPLICATE_VERSION}|${cursor.groupSavedAt}|${cursor.group}|${cursor.savedAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeDuplicateCursor(text: string): DuplicateCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [version, groupSavedAt, group, savedAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (version !== DUPLICATE_VERSION || rest.length > 0 || !groupSavedAt || !SAVED_AT.test(groupSavedAt) || !group || !GROUP.test(group)) return undefined;
  if (!savedAt || !SAVED_AT.test(savedAt) || !isUuid(id) || Number.isNaN(Date.parse(`${savedAt}Z`)) || Number.isNaN(Date.parse(`${groupSavedAt}Z`))) return undefined;
  return { groupSavedAt, group, savedAt, id: id.toLowerCase() };
}
