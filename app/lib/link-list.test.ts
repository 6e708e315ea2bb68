import { describe, expect, it } from "vitest";
import { appendPage, compareLinks, mergeSnapshot, upsertLinkInList } from "./link-list";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 6, minute)).toISOString();
const link = (id: string, minute: number, updated = minute) => ({ id, savedAt: at(minute), updatedAt: at(updated) });
const ids = (list: Array<{ id: string }>) => list.map((l) => l.id);

describe("the dashboard's loaded links", () => {
  it("orders newest save first, then by id descending", () => {
    expect(ids([link("a", 1), link("c", 2), link("b", 2)].sort(compareLinks))).toEqual(["c", "b", "a"]);
  });

  it("puts a new link at the top and moves a re-saved one there", () => {
    const list = [link("b", 5), link("a", 4)];
    expect(ids(upsertLinkInList(list, link("c", 6), { hasMore: true }))).toEqual(["c", "b", "a"]);
    expect(ids(upsertLinkInList(list, link("a", 7, 7), { hasMore: true }))).toEqual(["a", "b"]);
  });

  it("keeps the newer copy when an older event arrives late", () => {
    const list = [{ ...link("a", 4, 9), status: "enriched" }];
    const stale = { ...link("a", 4, 5), status: "pending" };
    expect(upsertLinkInList(list, stale, { hasMore: false })[0]!.status).toBe("enriched");
  });

  it("does not pull an unloaded older link into the page while more pages remain", () => {
    const list = [link("c", 9), link("b", 8)];
    expect(ids(upsertLinkInList(list, link("a", 1), { hasMore: true }))).toEqual(["c", "b"]);
    expect(ids(upsertLinkInList(list, link("a", 1), { hasMore: false }))).toEqual(["c", "b", "a"]);
  });

  it("appends the next page without repeating a link that moved up meanwhile", () => {
    const list = [link("x", 20), link("c", 9)];
    expect(ids(appendPage(list, [link("x", 3), link("b", 2)]))).toEqual(["x", "c", "b"]);
  });

  it("merges a snapshot of the first links and keeps the pages loaded below it", () => {
    const list = [link("d", 9), link("c", 8), link("b", 7), link("a", 6)];
    // d was deleted, e is new; the snapshot of two reaches down to c.
    const merged = mergeSnapshot(list, [link("e", 10), link("c", 8)], { complete: false });
    expect(ids(merged)).toEqual(["e", "c", "b", "a"]);
    // A complete snapshot is the whole list.
    expect(ids(mergeSnapshot(list, [link("c", 8)], { complete: true }))).toEqual(["c"]);
  });
});
