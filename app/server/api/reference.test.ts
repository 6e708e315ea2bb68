import { beforeAll, describe, expect, it, vi } from "vitest";
import { anchorTarget, entryHref, filterEntries, tagSlug } from "~/lib/api-reference";
import { openApiDocument, type OpenApiDocument } from "./openapi.server";
import { buildApiReference, type ApiReference } from "./reference.server";

// The reference is split into an overview and a page per tag (decision 054): nothing the OpenAPI
// document holds may be left without a page, a link or an anchor.
let document: OpenApiDocument;
let reference: ApiReference;

beforeAll(() => {
  // The document names the server it is served from; nothing here connects to a database.
  vi.stubEnv("DATABASE_URL", "postgres://unused@127.0.0.1:1/unused");
  document = openApiDocument();
  reference = buildApiReference(document);
});

describe("the API reference's pages", () => {
  it("reach every operation of the document from the navigation, on its tag's page at its anchor", () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), id: op!.operationId as string, tag: (op!.tags as string[])[0]! })),
    );
    expect(operations.length).toBeGreaterThan(100);
    expect(reference.index).toHaveLength(operations.length);
    for (const op of operations) {
      const entry = reference.index.find((e) => e.id === op.id);
      expect(entry, `${op.method} ${op.path} is in the navigation`).toMatchObject({ method: op.method, path: op.path, tag: tagSlug(op.tag) });
      expect(reference.tags.map((t) => t.slug), `${op.tag} has a page in the navigation`).toContain(entry!.tag);
      const page = reference.pages.get(entry!.tag)!;
      expect(page.operations.map((o) => o.id), `${op.method} ${op.path} is on ${entryHref(entry!)}`).toContain(op.id);
    }
    expect(new Set(reference.index.map((e) => e.id)).size, "anchors are unique").toBe(operations.length);
    expect(reference.tags.reduce((sum, tag) => sum + tag.count, 0)).toBe(operations.length);
  });

  it("carry, on each page, every named schema its calls refer to, so no schema link leaves the page", () => {
    for (const [slug, page] of reference.pages) {
      const text = JSON.stringify([page.operations, page.schemas]);
      for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        expect(Object.keys(page.schemas), `${slug} carries ${name}`).toContain(name);
      }
    }
    // Every schema of the document is shown somewhere, and old #schema-… anchors know where.
    for (const name of Object.keys(document.components.schemas)) {
      const home = reference.schemaHome[name];
      expect(home, `${name} has a page`).toBeDefined();
      expect(Object.keys(reference.pages.get(home!)!.schemas)).toContain(name);
    }
  });

  it("send the old single page's anchors to the page that has them now", () => {
    const { tags, index, schemaHome } = reference;
    expect(anchorTarget("#links", tags, index, schemaHome)).toBe("/documentation/api/links");
    expect(anchorTarget("#openapi.json", tags, index, schemaHome)).toBe("/documentation/api/openapi-json");
    expect(anchorTarget("#schema-Link", tags, index, schemaHome)).toMatch(/^\/documentation\/api\/[a-z-]+#schema-Link$/);
    expect(anchorTarget("#postApiLinks", tags, index, schemaHome)).toBe("/documentation/api/links#postApiLinks");
    expect(anchorTarget("#nothing-here", tags, index, schemaHome)).toBeNull();
    expect(anchorTarget("", tags, index, schemaHome)).toBeNull();
  });
});

describe("the filter", () => {
  it("keeps the calls whose method, path or summary hold every word", () => {
    const index = [
      { id: "getApiLinks", method: "GET", path: "/api/links", summary: "The user's links, newest first", tag: "links" },
      { id: "putApiLinksIdTags", method: "PUT", path: "/api/links/{id}/tags", summary: "The link with exactly these tags", tag: "links" },
      { id: "getApiTokens", method: "GET", path: "/api/tokens", summary: "The user's personal API tokens", tag: "tokens" },
    ];
    expect(filterEntries(index, "tags").map((e) => e.id)).toEqual(["putApiLinksIdTags"]);
    expect(filterEntries(index, "  GET   newest ").map((e) => e.id)).toEqual(["getApiLinks"]);
    expect(filterEntries(index, "/api/links").map((e) => e.id)).toEqual(["getApiLinks", "putApiLinksIdTags"]);
    expect(filterEntries(index, "Personal tokens").map((e) => e.id)).toEqual(["getApiTokens"]);
    expect(filterEntries(index, "nothing like it")).toEqual([]);
    expect(filterEntries(index, " ")).toHaveLength(3);
  });
});
