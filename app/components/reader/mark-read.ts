/**
 * HOOK POINT for read state (issue 35's "Read, unread, archive" slice, decision 056, built
 * separately): the reader's `m` key and its "Mark as read" button call `markLinkRead`. Until
 * the links' read state exists on main, `MARK_READ_AVAILABLE` is false: the button is not shown
 * and `m` says so. To connect it: set it true and make `markLinkRead` call that slice's API
 * (PATCH /api/links/{id} {read: true}).
 */
export const MARK_READ_AVAILABLE = false;

export async function markLinkRead(_linkId: string): Promise<void> {
  throw new Error("Marking a link read is not available yet.");
}
