import { linkListQuerySchema } from "~/lib/api-schemas";
import { LINKS_PAGE_SIZE } from "~/lib/links";
import { SAVED_SEARCHES_MAX, type DashboardView, type SavedSearch, type TagCount } from "~/lib/library";
import { searchQuery, searchStateFrom, type SearchState } from "~/lib/link-search";
import { renameOwnTag } from "~/lib/tags";
import { db } from "../platform/db.server";
import { HttpError, firstIssue } from "../platform/http.server";
import {
  countSavedSearches,
  countUserTags,
  deleteSavedSearch,
  getDashboardView,
  linksWithTagForUpdate,
  listSavedSearches,
  savedSearchNamed,
  setDashboardView,
  setSavedSearchQuery,
  upsertSavedSearch,
  writeLinkTags,
} from "../repos/library.server";

/**
 * The dashboard's sidebar and views (decision 051): tags with counts and their rename, saved
 * searches, and the view the user chose.
 */

/** The sidebar lists this many tags at most (the most used). */
export const SIDEBAR_TAGS_MAX = 500;

export const userTagCounts = (userId: string): Promise<TagCount[]> => countUserTags(db(), userId, SIDEBAR_TAGS_MAX);

/**
 * Renames a tag across the user's links (a merge when `to` is already a tag): each link's three
 * lists change as the tag editor would (renameOwnTag), in one transaction with the rows locked,
 * so an enrichment storing meanwhile waits and then keeps the new name.
 */
export async function renameUserTag(userId: string, from: string, to: string): Promise<{ links: number }> {
  if (from === to) throw new HttpError(400, "The new name is the same as the old one.");
  return db()
    .transaction()
    .execute(async (trx) => {
      const rows = await linksWithTagForUpdate(trx, userId, from);
      if (rows.length === 0) throw new HttpError(404, `No link has the tag “${from}”.`);
      const changed = rows.map((row) => ({ id: row.id, ...renameOwnTag({ tags: row.tags, userTags: row.user_tags, dismissedTags: row.dismissed_tags }, from, to) }));
      const links = await writeLinkTags(trx, userId, changed);
      // Saved searches on the old name follow it (in any case, as the rename matches links).
      for (const saved of await listSavedSearches(trx, userId)) {
        const search = searchStateFrom(new URLSearchParams(saved.query));
        if (search.tag?.toLowerCase() === from.toLowerCase()) await setSavedSearchQuery(trx, userId, saved.id, searchQuery({ ...search, tag: to }));
      }
      return { links };
    });
}

const publicSavedSearch = (row: { id: string; name: string; query: string; created_at: Date }): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.created_at.toISOString(),
});

export async function savedSearchesOf(userId: string): Promise<SavedSearch[]> {
  return (await listSavedSearches(db(), userId)).map(publicSavedSearch);
}

/**
 * Saves the search under its name (the same name again replaces it). The query is checked as
 * GET /api/links would check it and stored in the dashboard's own order of parameters.
 */
export async function saveSearch(userId: string, input: { name: string; query: string }): Promise<SavedSearch> {
  const params = new URLSearchParams(input.query.replace(/^\?/, ""));
  const parsed = linkListQuerySchema.safeParse(Object.fromEntries([...params].filter(([, value]) => value.trim() !== "")));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const query = searchQuery(searchStateFrom(params));
  if (!query) throw new HttpError(400, "There is nothing to save: search or pick a filter first.");
  if (!(await savedSearchNamed(db(), userId, input.name)) && (await countSavedSearches(db(), userId)) >= SAVED_SEARCHES_MAX) {
    throw new HttpError(409, `You have ${SAVED_SEARCHES_MAX} saved searches, the most there can be: delete one first.`);
  }
  return publicSavedSearch(await upsertSavedSearch(db(), userId, { name: input.name, query }));
}

export async function deleteSearch(userId: string, id: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id) || !(await deleteSavedSearch(db(), userId, id))) throw new HttpError(404, "No such saved search.");
}

/**
 * A search in the dashboard's address read as GET /api/links reads its query (first page).
 * Here, not in the route: the API's schemas stay out of the page's JavaScript (decision 061).
 */
export function dashboardQueryOf(search: SearchState) {
  return linkListQuerySchema.safeParse({ ...Object.fromEntries(new URLSearchParams(searchQuery(search))), limit: LINKS_PAGE_SIZE });
}

export async function dashboardViewOf(userId: string): Promise<DashboardView> {
  return (await getDashboardView(db(), userId)) ?? "list";
}

export async function saveDashboardView(userId: string, view: DashboardView): Promise<{ view: DashboardView }> {
  await setDashboardView(db(), userId, view);
  return { view };
}
