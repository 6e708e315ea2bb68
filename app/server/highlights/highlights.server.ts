/**
 * Highlights and notes (issue #35, decision 060): the user's own passages of a link's article.
 * Only their owner creates, edits or deletes one; enrichment, re-extraction, retry, imports and
 * bulk actions never touch them (the reader re-anchors each on the article it shows). Another
 * user's link or highlight, or one in the trash, is a 404.
 */
import { HIGHLIGHTS_PER_LINK_MAX, type HighlightInput, type HighlightListQuery, type HighlightPage, type HighlightPatch, type PublicHighlight } from "~/lib/highlights";
import { isUuid } from "~/lib/ids";
import { db } from "../platform/db.server";
import type { Highlight } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import {
  countLinkHighlights,
  deleteHighlight as deleteHighlightRow,
  getHighlight,
  getLiveLinkId,
  insertHighlight,
  listHighlightsOfLinks,
  listLinkHighlights,
  listSharedHighlights,
  setShareHighlights,
  listUserHighlights,
  lockLiveLink,
  updateHighlight as updateHighlightRow,
  type HighlightCursor,
} from "../repos/highlights.server";

const LINK_NOT_FOUND = "Link not found";
const HIGHLIGHT_NOT_FOUND = "Highlight not found";

export function publicHighlight(row: Highlight): PublicHighlight {
  return {
    id: row.id,
    linkId: row.link_id,
    exact: row.exact,
    prefix: row.prefix,
    suffix: row.suffix,
    start: row.start_offset,
    colour: row.colour,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function requireLiveLink(userId: string, linkId: string): Promise<string> {
  const id = isUuid(linkId) ? await getLiveLinkId(db(), { linkId, userId }) : undefined;
  if (!id) throw new HttpError(404, LINK_NOT_FOUND);
  return id;
}

/** Shows (or stops showing) the link's highlights and notes on its public share page. */
export async function shareHighlights(userId: string, linkId: string, show: boolean): Promise<{ show: boolean }> {
  const done = isUuid(linkId) ? await setShareHighlights(db(), { linkId, userId, show }) : false;
  if (!done) throw new HttpError(404, LINK_NOT_FOUND);
  return { show };
}

/** What a public share page shows: the quotes and notes, when the owner chose to show them. */
export async function sharedHighlights(linkId: string): Promise<Array<Pick<PublicHighlight, "id" | "exact" | "note" | "colour">>> {
  return (await listSharedHighlights(db(), linkId)).map((row) => ({ id: row.id, exact: row.exact, note: row.note, colour: row.colour }));
}

/** A link's highlights, oldest first. */
export async function linkHighlights(userId: string, linkId: string): Promise<PublicHighlight[]> {
  const id = await requireLiveLink(userId, linkId);
  return (await listLinkHighlights(db(), { linkId: id, userId })).map(publicHighlight);
}

/** Adds a highlight to the user's live link; 409 past HIGHLIGHTS_PER_LINK_MAX (counted under the link's row lock). */
export async function addHighlight(userId: string, linkId: string, input: HighlightInput): Promise<PublicHighlight> {
  if (!isUuid(linkId)) throw new HttpError(404, LINK_NOT_FOUND);
  return db()
    .transaction()
    .execute(async (trx) => {
      const id = await lockLiveLink(trx, { linkId, userId });
      if (!id) throw new HttpError(404, LINK_NOT_FOUND);
      if ((await countLinkHighlights(trx, id)) >= HIGHLIGHTS_PER_LINK_MAX) {
        throw new HttpError(409, `A link can have at most ${HIGHLIGHTS_PER_LINK_MAX.toLocaleString("en-US")} highlights. Delete some to add more.`);
      }
      const row = await insertHighlight(trx, {
        userId,
        linkId: id,
        exact: input.exact,
        prefix: input.prefix,
        suffix: input.suffix,
        start: input.start,
        colour: input.colour,
        note: input.note ?? null,
      });
      return publicHighlight(row);
    });
}

export async function highlightOf(userId: string, id: string): Promise<PublicHighlight> {
  const row = isUuid(id) ? await getHighlight(db(), { id, userId }) : undefined;
  if (!row) throw new HttpError(404, HIGHLIGHT_NOT_FOUND);
  return publicHighlight(row);
}

export async function editHighlight(userId: string, id: string, patch: HighlightPatch): Promise<PublicHighlight> {
  const row = isUuid(id) ? await updateHighlightRow(db(), { id, userId, colour: patch.colour, note: patch.note }) : undefined;
  if (!row) throw new HttpError(404, HIGHLIGHT_NOT_FOUND);
  return publicHighlight(row);
}

export async function removeHighlight(userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) ? await deleteHighlightRow(db(), { id, userId }) : false;
  if (!deleted) throw new HttpError(404, HIGHLIGHT_NOT_FOUND);
}

const CURSOR_VERSION = "h1";
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeHighlightCursor(cursor: HighlightCursor): string {
  return Buffer.from(`${CURSOR_VERSION}|${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeHighlightCursor(text: string): HighlightCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [version, createdAt, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (version !== CURSOR_VERSION || rest.length > 0 || !createdAt || !CREATED_AT.test(createdAt) || !isUuid(id)) return undefined;
  if (Number.isNaN(Date.parse(`${createdAt}Z`))) return undefined;
  return { createdAt, id: id.toLowerCase() };
}

/** A page of the user's highlights across their live links, newest first (GET /api/highlights, /highlights). */
export async function highlightsPage(userId: string, query: HighlightListQuery): Promise<HighlightPage> {
  const before = query.before ? decodeHighlightCursor(query.before) : undefined;
  if (query.before && !before) throw new HttpError(400, "before must be a previous page's nextCursor");
  const q = query.q?.trim() || undefined;
  const tag = query.tag?.trim() || undefined;
  const rows = await listUserHighlights(db(), { userId, q, tag, before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    highlights: page.map((row) => ({ ...publicHighlight(row), link: { id: row.link_id, title: row.link_title ?? row.link_url, url: row.link_url, tags: row.link_tags } })),
    nextCursor: rows.length > query.limit && last ? encodeHighlightCursor({ createdAt: last.cursor_created_at, id: last.id }) : null,
  };
}

/** The highlights of these links of the user's, by link, oldest first: what the exports carry. */
export async function highlightsByLink(userId: string, linkIds: string[]): Promise<Map<string, PublicHighlight[]>> {
  const byLink = new Map<string, PublicHighlight[]>();
  for (const row of await listHighlightsOfLinks(db(), { userId, linkIds })) {
    byLink.set(row.link_id, [...(byLink.get(row.link_id) ?? []), publicHighlight(row)]);
  }
  return byLink;
}
