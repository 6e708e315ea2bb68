import { describe, expect, it } from "vitest";
import { decodeDeletedCursor, decodeLinkCursor, decodeRankCursor, encodeDeletedCursor, encodeLinkCursor, encodeRankCursor } from "./cursor.server";

const cursor = { savedAt: "2026-11-24T08:15:42.123456", id: "0b8f5a52-2f7e-4d8c-9a51-3f6f1b2c9d10" };

describe("link cursor", () => {
  it("round-trips the sort key to the microsecond and the id", () => {
    const text = encodeLinkCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text).not.toContain(cursor.id);
    expect(decodeLinkCursor(text)).toEqual(cursor);
  });

  it("refuses anything that is not one of ours", () => {
    expect(decodeLinkCursor(cursor.id)).toBeUndefined();
    expect(decodeLinkCursor("not a cursor!")).toBeUndefined();
    expect(decodeLinkCursor(Buffer.from(`v2|${cursor.savedAt}|${cursor.id}`).toString("base64url"))).toBeUndefined();
    expect(decodeLinkCursor(Buffer.from(`v1|2026-11-24 08:15|${cursor.id}`).toString("base64url"))).toBeUndefined();
    expect(decodeLinkCursor(Buffer.from(`v1|2026-13-45T99:15:42.123456|${cursor.id}`).toString("base64url"))).toBeUndefined();
    expect(decodeLinkCursor(Buffer.from(`v1|${cursor.savedAt}|x|${cursor.id}`).toString("base64url"))).toBeUndefined();
  });
});

describe("relevance cursor", () => {
  it("round-trips the rank as Postgres printed it and the id, and is not a date cursor", () => {
    const rank = { rank: "0.30000001", savedAt: cursor.savedAt, id: cursor.id };
    const text = encodeRankCursor(rank);
    expect(decodeRankCursor(text)).toEqual(rank);
    expect(decodeRankCursor(encodeRankCursor({ rank: "1e-05", savedAt: cursor.savedAt, id: cursor.id }))).toEqual({ rank: "1e-05", savedAt: cursor.savedAt, id: cursor.id });
    expect(decodeRankCursor(encodeRankCursor({ rank: "-1", savedAt: cursor.savedAt, id: cursor.id }))).toEqual({ rank: "-1", savedAt: cursor.savedAt, id: cursor.id });
    expect(decodeLinkCursor(text)).toBeUndefined();
    expect(decodeRankCursor(encodeLinkCursor(cursor))).toBeUndefined();
    expect(decodeRankCursor(Buffer.from(`r2|0.5); drop table links;--|${cursor.savedAt}|${cursor.id}`).toString("base64url"))).toBeUndefined();
    expect(decodeRankCursor(Buffer.from(`r2|0.5|2026-11-24 08:15|${cursor.id}`).toString("base64url"))).toBeUndefined();
    // The first form (rank and id, ordered without saved_at) is no longer read.
    expect(decodeRankCursor(Buffer.from(`r1|0.5|${cursor.id}`).toString("base64url"))).toBeUndefined();
  });
});

describe("Recently deleted cursor", () => {
  it("round-trips deleted_at and the id, and is neither a list nor a relevance cursor", () => {
    const deleted = { deletedAt: cursor.savedAt, id: cursor.id };
    const text = encodeDeletedCursor(deleted);
    expect(decodeDeletedCursor(text)).toEqual(deleted);
    expect(decodeLinkCursor(text)).toBeUndefined();
    expect(decodeDeletedCursor(encodeLinkCursor(cursor))).toBeUndefined();
    expect(decodeDeletedCursor(cursor.id)).toBeUndefined();
    expect(decodeDeletedCursor(Buffer.from(`d1|2026-11-24 08:15|${cursor.id}`).toString("base64url"))).toBeUndefined();
  });
});
