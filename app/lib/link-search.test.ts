import { describe, expect, it } from "vitest";
import { highlightSegments, keepsMatching, searchQuery, searchStateFrom } from "./link-search";

describe("the dashboard's search state", () => {
  it("reads and writes the same parameters as the API, dropping empty ones", () => {
    const state = searchStateFrom(new URLSearchParams("q=%20rust%20&tag=cli&status=&sort=relevance&other=1"));
    expect(state).toEqual({ q: "rust", tag: "cli", sort: "relevance" });
    expect(searchQuery(state)).toBe("q=rust&tag=cli&sort=relevance");
    // Relevance means nothing without a search.
    expect(searchQuery({ tag: "cli", sort: "relevance" })).toBe("tag=cli");
    expect(searchQuery({})).toBe("");
  });

  it("keeps a live link in a filtered view only while the filters it can check hold", () => {
    const link = { status: "enriched" as const, tags: ["rust"], url: "https://docs.rust.example/book", readAt: null, archivedAt: null };
    expect(keepsMatching(link, { tag: "rust", status: "enriched", domain: "rust.example" })).toBe(true);
    expect(keepsMatching(link, { status: "pending" })).toBe(false);
    expect(keepsMatching(link, { tag: "go" })).toBe(false);
    expect(keepsMatching(link, { domain: "ust.example" })).toBe(false);
  });

  it("keeps archived links out of every view but Archived and all, and judges unread and read in the library", () => {
    const at = "2026-11-29T06:00:00.000Z";
    const unread = { status: "enriched" as const, tags: [], url: "https://a.example/", readAt: null, archivedAt: null };
    const read = { ...unread, readAt: at };
    const archived = { ...unread, archivedAt: at };
    expect([unread, read, archived].map((link) => keepsMatching(link, {}))).toEqual([true, true, false]);
    expect([unread, read, archived].map((link) => keepsMatching(link, { state: "unread" }))).toEqual([true, false, false]);
    expect([unread, read, archived].map((link) => keepsMatching(link, { state: "read" }))).toEqual([false, true, false]);
    expect([unread, read, archived].map((link) => keepsMatching(link, { state: "archived" }))).toEqual([false, false, true]);
    expect([unread, read, archived].map((link) => keepsMatching(link, { state: "all" }))).toEqual([true, true, true]);
    expect(searchQuery(searchStateFrom(new URLSearchParams("state=unread&tag=x")))).toBe("tag=x&state=unread");
  });

  it("turns a highlight into text and marks without reading it as HTML", () => {
    expect(highlightSegments("&lt;script&gt; <mark>Rust</mark> &amp; <mark>Go</mark>")).toEqual([
      { text: "<script> ", mark: false },
      { text: "Rust", mark: true },
      { text: " & ", mark: false },
      { text: "Go", mark: true },
    ]);
  });
});
