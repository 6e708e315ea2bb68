import { describe, expect, it } from "vitest";
import { linkListQuerySchema } from "./api-schemas";
import { CATEGORY_SLUGS } from "./categories";
import { parseFilterDate, parseLinkFilter, savedRange } from "./link-filter";
import { linkFilterSchema } from "./link-filter-schema";
import { TAG_MAX_CHARS } from "./links";

describe("link filter dates", () => {
  it("reads a day as its start in UTC and a date-time as that instant", () => {
    expect(parseFilterDate("2026-01-31")).toEqual({ at: new Date("2026-01-31T00:00:00Z"), day: true });
    expect(parseFilterDate("2026-01-31T18:00:00+02:00")).toEqual({ at: new Date("2026-01-31T16:00:00Z"), day: false });
    expect(parseFilterDate("2026-02-30")).toBeUndefined();
    expect(parseFilterDate("yesterday")).toBeUndefined();
    expect(parseFilterDate("2026-01-31T18:00:00")).toBeUndefined();
  });

  it("takes all of the `to` day, and a `to` instant as the end", () => {
    expect(savedRange({ from: "2026-01-01", to: "2026-01-31" })).toEqual({ from: new Date("2026-01-01T00:00:00Z"), to: new Date("2026-02-01T00:00:00Z") });
    expect(savedRange({ to: "2026-01-31T12:00:00Z" })).toEqual({ from: undefined, to: new Date("2026-01-31T12:00:00Z") });
  });
});

describe("the list's query", () => {
  const parse = (query: Record<string, string>) => linkListQuerySchema.safeParse(query);
  const message = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it("takes every filter and defaults the sort to date", () => {
    const result = parse({ q: ' "exact phrase" -not ', tag: "rust", status: "enriched", category: "programming", domain: "Example.COM", from: "2026-01-01", to: "2026-01-01" });
    expect(result.success && result.data).toEqual({
      limit: 50,
      q: '"exact phrase" -not',
      tag: "rust",
      status: "enriched",
      category: "programming",
      domain: "example.com",
      from: "2026-01-01",
      to: "2026-01-01",
      sort: "date",
    });
  });

  it("names the parameter that is wrong", () => {
    expect(message({ status: "done" })).toBe("status must be one of pending, enriched, error, unenriched");
    expect(message({ category: "cooking" })).toMatch(/^category must be one of programming, /);
    expect(message({ domain: "https://example.com/a" })).toBe("domain must be a host name like example.com");
    expect(message({ from: "31/01/2026" })).toMatch(/^from must be a date \(YYYY-MM-DD\)/);
    expect(message({ from: "2026-02-01", to: "2026-01-31" })).toBe("from must be before to");
    expect(message({ sort: "popular" })).toBe("sort must be date or relevance");
    expect(message({ q: "x".repeat(501) })).toBe("q is too long (500 characters at most)");
    // As long as a tag may be (a sidebar's longest tag is a valid filter), and no longer.
    expect(message({ tag: "t".repeat(50) })).toBeUndefined();
    expect(message({ tag: "t".repeat(51) })).toBe("tag is too long (50 characters at most)");
  });
});

describe("parseLinkFilter (the browser's reading, without zod)", () => {
  const VALUES: Record<string, Array<string | undefined>> = {
    q: [undefined, "", "  postgres  ", "a".repeat(500), "a".repeat(501), ' "a phrase" -not '],
    tag: [undefined, "", "  ", " rust ", "t".repeat(TAG_MAX_CHARS), "t".repeat(TAG_MAX_CHARS + 1)],
    status: [undefined, "pending", "enriched", "error", "unenriched", "Enriched", "done"],
    category: [undefined, CATEGORY_SLUGS[0], CATEGORY_SLUGS[CATEGORY_SLUGS.length - 1], "nope"],
    domain: [undefined, "example.com", " Example.COM ", "www.example.com", "http://example.com", "ex ample.com", "-bad.com", ""],
    state: [undefined, "unread", "read", "archived", "all", "ALL", "later"],
    duplicates: [undefined, "true", "false", "1", "0", "Yes", "off", "enabled", "maybe", " true", ""],
    from: [undefined, "2026-01-31", " 2026-01-31 ", "2026-02-30", "2026-01-31T18:00:00Z", "2026-01-31T18:00:00+02:00", "2026-01-31T18:00:00", "yesterday"],
    to: [undefined, "2026-01-31", "2026-01-30", "2026-02-01T00:00:00Z", "2025-12-31", "nope"],
  };

  it("gives the schema's answer for each field's values alone", () => {
    for (const [key, values] of Object.entries(VALUES)) {
      for (const value of values) {
        const fields = value === undefined ? {} : { [key]: value };
        const parsed = linkFilterSchema.safeParse(fields);
        expect(parseLinkFilter(fields), `${key}=${JSON.stringify(value)}`).toEqual(parsed.success ? parsed.data : null);
      }
    }
  });

  it("gives the schema's answer for combinations, the date range included", () => {
    let seed = 7;
    const pick = <T,>(items: T[]) => items[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % items.length]!;
    let valid = 0;
    for (let i = 0; i < 1500; i++) {
      const fields: Record<string, string> = {};
      for (const [key, values] of Object.entries(VALUES)) {
        const value = pick(values);
        if (value !== undefined) fields[key] = value;
      }
      const parsed = linkFilterSchema.safeParse(fields);
      if (parsed.success) valid++;
      expect(parseLinkFilter(fields), JSON.stringify(fields)).toEqual(parsed.success ? parsed.data : null);
    }
    // Not only refusals: many combinations pass, with their values as the schema gives them.
    expect(valid).toBeGreaterThan(50);
  });

  it("refuses what is not text, as the schema does", () => {
    expect(parseLinkFilter({ q: 5 })).toBeNull();
    expect(linkFilterSchema.safeParse({ q: 5 }).success).toBe(false);
  });
});
