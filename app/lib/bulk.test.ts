import { describe, expect, it } from "vitest";
import { CONFIRM_DELETE_OVER, bulkSummary, deleteConfirmation } from "./bulk";
import { bulkRequestSchema } from "./bulk-schemas";

const id = "0b7c3c4e-8a4f-4d53-9d7e-0f5f2a4b1c11";

describe("bulk request", () => {
  it("takes exactly one selection: ids, a filter, or (for restore) the delete to undo", () => {
    expect(bulkRequestSchema.safeParse({ action: "share", ids: [id] }).success).toBe(true);
    expect(bulkRequestSchema.safeParse({ action: "share", filter: { tag: "x", status: "error" } }).success).toBe(true);
    expect(bulkRequestSchema.safeParse({ action: "restore", undo: id }).success).toBe(true);
    expect(bulkRequestSchema.safeParse({ action: "share" }).success).toBe(false);
    expect(bulkRequestSchema.safeParse({ action: "share", ids: [id], filter: {} }).success).toBe(false);
    expect(bulkRequestSchema.safeParse({ action: "delete", undo: id }).success).toBe(false);
  });

  it("asks a tag of add-tag and remove-tag only, and a format of export only", () => {
    expect(bulkRequestSchema.safeParse({ action: "add-tag", ids: [id] }).success).toBe(false);
    expect(bulkRequestSchema.parse({ action: "add-tag", ids: [id], tag: "  Later " }).tag).toBe("Later");
    expect(bulkRequestSchema.safeParse({ action: "share", ids: [id], tag: "x" }).success).toBe(false);
    expect(bulkRequestSchema.safeParse({ action: "export", ids: [id], format: "html" }).success).toBe(true);
    expect(bulkRequestSchema.safeParse({ action: "share", ids: [id], format: "html" }).success).toBe(false);
  });

  it("names at most 10,000 links", () => {
    expect(bulkRequestSchema.safeParse({ action: "delete", ids: Array.from({ length: 10_000 }, () => id) }).success).toBe(true);
    const tooMany = bulkRequestSchema.safeParse({ action: "delete", ids: Array.from({ length: 10_001 }, () => id) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe("ids names at most 10,000 links");
  });
});

describe("bulk summary", () => {
  it("says what was done, what did not change and what failed", () => {
    expect(bulkSummary({ action: "delete", status: "done", done: 4, failed: 0, skipped: 0, tag: null, error: null })).toBe("4 links deleted.");
    expect(bulkSummary({ action: "add-tag", status: "done", done: 1, failed: 0, skipped: 2, tag: "reading", error: null })).toBe("1 link tagged #reading, 2 unchanged.");
    expect(bulkSummary({ action: "reenrich", status: "done", done: 1, failed: 2, skipped: 0, tag: null, error: null })).toBe("1 link queued for enrichment, 2 not queued (no enrichment left this month).");
  });
});

describe("bulk delete confirmation", () => {
  it("asks before deleting more than a screenful, with the count; a few go at once", () => {
    expect(CONFIRM_DELETE_OVER).toBe(50);
    expect(deleteConfirmation(1)).toBeNull();
    expect(deleteConfirmation(50)).toBeNull();
    expect(deleteConfirmation(51)).toEqual({ title: "Delete 51 links?", confirmLabel: "Delete 51 links" });
    expect(deleteConfirmation(10_000)).toEqual({ title: "Delete 10,000 links?", confirmLabel: "Delete 10,000 links" });
    // "All matching" before the server has counted them: asked all the same.
    expect(deleteConfirmation(null)).toEqual({ title: "Delete all matching links?", confirmLabel: "Delete all matching links" });
  });
});
