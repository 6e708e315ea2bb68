import { describe, expect, it } from "vitest";
import { appendPage, applyLiveChanges, compareLinks, foldLiveChange, mergeSnapshot, upsertLinkInList, type LiveBook, type LiveChange } from "./link-list";

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

describe("live events on the rows shown", () => {
  const since = Date.parse(at(30));
  const made = (id: string, minute: number, created = minute, status = "pending") => ({ ...link(id, minute), createdAt: at(created), status });
  const book = (): LiveBook => ({ unseen: new Map(), removed: new Set() });
  const changed = (l: ReturnType<typeof made>): LiveChange<ReturnType<typeof made>> => ({ type: "link", link: l });

  it("keeps a row's own object when a copy says the same (a reconnect's catch-up redraws no row)", () => {
    const list = [{ ...made("b", 20), tags: ["x"] }, { ...made("a", 10), tags: [] as string[] }];
    const changedTagged = (l: (typeof list)[number]): LiveChange<(typeof list)[number]> => ({ type: "link", link: l });
    // The same links again, as GET /api/links answers after the stream opens: new objects, same content.
    const copies = list.map((l) => changedTagged(structuredClone(l)));
    const next = applyLiveChanges(list, copies, book(), { since });
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toBe(list[1]);
    // A copy that differs (same updatedAt, other tags) still wins.
    const read = applyLiveChanges(list, [changedTagged({ ...list[1]!, tags: ["y"] })], book(), { since });
    expect(read[1]!.tags).toEqual(["y"]);
  });

  it("updates a row shown and never adds one: 1,000 new links are a count", () => {
    const list = [made("b", 20), made("a", 10)];
    const imported = Array.from({ length: 1_000 }, (_, i) => changed(made(`n${i}`, 1, 40, "enriched")));
    const live = book();
    const next = applyLiveChanges(list, [...imported, changed({ ...made("a", 10, 10, "enriched"), updatedAt: at(45) })], live, { since });
    expect(ids(next)).toEqual(["b", "a"]);
    expect(next[1]!.status).toBe("enriched");
    expect(live.unseen.size).toBe(1_000);
  });

  it("counts a link saved since the rows were loaded, not an older one changed elsewhere", () => {
    const live = book();
    applyLiveChanges([made("b", 20)], [changed(made("new", 35)), changed(made("old", 5)), changed(made("old", 5))], live, { since });
    expect([...live.unseen.keys()]).toEqual(["new"]);
    // Deleted before it was shown: no longer counted.
    applyLiveChanges([made("b", 20)], [{ type: "link-deleted", id: "new" }], live, { since });
    expect(live.unseen.size).toBe(0);
  });

  it("puts back a row a delete took away when it is restored, and only such a row", () => {
    const live = book();
    const list = [made("c", 20), made("b", 15), made("a", 10)];
    const without = applyLiveChanges(list, [{ type: "link-deleted", id: "b" }], live, { since });
    expect(ids(without)).toEqual(["c", "a"]);
    const back = applyLiveChanges(without, [{ type: "link-restored", link: made("b", 15) }, { type: "link-restored", link: made("z", 12) }], live, { since });
    expect(ids(back)).toEqual(["c", "b", "a"]);
    expect(live.unseen.size).toBe(0);
  });

  it("never drops a row for an older state than it shows (the archive's event after its Undo's answer)", () => {
    const unarchived = { ...made("a", 10, 10, "enriched"), updatedAt: at(50) };
    const archivedEarlier = { ...made("a", 10, 10, "archived"), updatedAt: at(49) };
    const notArchived = (l: { status: string }) => l.status !== "archived";
    const next = applyLiveChanges([unarchived], [changed(archivedEarlier)], book(), { since, keep: notArchived });
    expect(next).toEqual([unarchived]);
  });

  it("drops a row a filtered view no longer keeps, and counts only new links it would show", () => {
    const live = book();
    const done = (l: { status: string }) => l.status === "enriched";
    const next = applyLiveChanges([made("b", 20, 20, "enriched")], [changed({ ...made("b", 20, 20, "error"), updatedAt: at(50) }), changed(made("n1", 35, 35, "error")), changed(made("n2", 36, 36, "enriched"))], live, { since, keep: done, counts: done });
    expect(next).toEqual([]);
    expect([...live.unseen.keys()]).toEqual(["n2"]);
  });

  it("folds a burst's changes to one link into the newest", () => {
    const first: LiveChange<ReturnType<typeof made>> = { type: "link", link: { ...made("a", 10), updatedAt: at(40) } };
    const late: LiveChange<ReturnType<typeof made>> = { type: "link", link: { ...made("a", 10, 10, "enriched"), updatedAt: at(39) } };
    expect(foldLiveChange(first, late)).toEqual(first);
    expect(foldLiveChange(first, { type: "link-deleted", id: "a" })).toEqual({ type: "link-deleted", id: "a" });
  });
});
