import { readFileSync } from "node:fs";
import { Document, Element, Text, type AnyNode } from "domhandler";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, PAGE_EMPTY, PAGE_TOO_COMPLEX, PageError, detectCodeLanguage, extractContent, parsePage, textOf } from "./page-parser.server";

const page = (name: string) => readFileSync(`tests/fixtures/pages/${name}`, "utf8");

describe("parsePage", () => {
  it("reads title, description, favicon, canonical URL, language and reading time", () => {
    const parsed = parsePage(page("postgres-indexes.html"), "https://blog.example.test/blog/postgres-indexes?ref=x");
    expect(parsed.title).toBe("How Postgres Indexes Work");
    expect(parsed.description).toBe("A practical tour of B-tree, GIN and BRIN indexes in PostgreSQL, with the queries that use them.");
    expect(parsed.favicon).toBe("https://blog.example.test/static/icon-32.png");
    expect(parsed.canonicalUrl).toBe("https://blog.example.test/blog/postgres-indexes");
    expect(parsed.language).toBe("en");
    expect(parsed.readingMinutes).toBeGreaterThanOrEqual(1);
  });

  it("keeps the article's text and drops navigation, ads, sidebars, footers and scripts", () => {
    const { text, headings } = parsePage(page("postgres-indexes.html"), "https://blog.example.test/");
    expect(text).toContain("The default index type in PostgreSQL is the B-tree.");
    expect(text).not.toContain("premium hosting");
    expect(text).not.toContain("Popular posts");
    expect(text).not.toContain("All rights reserved");
    expect(text).not.toContain("analytics");
    expect(text).not.toContain("CREATE INDEX");
    expect(headings).toEqual(["How Postgres indexes work", "B-tree indexes", "GIN indexes for full-text search", "BRIN indexes for huge tables"]);
  });

  it("collects code blocks with their language, ignoring short inline code", () => {
    const { codeBlocks } = parsePage(page("postgres-indexes.html"), "https://blog.example.test/");
    expect(codeBlocks).toHaveLength(2);
    expect(codeBlocks[0]).toMatchObject({ language: "sql" });
    expect(codeBlocks[0]!.code).toContain("CREATE INDEX links_user_saved_idx");
    expect(codeBlocks[1]!.language).toBe("sql");

    const react = parsePage(page("react-hooks.html"), "https://docs.example.test/hooks");
    expect(react.codeBlocks.map((c) => c.language)).toEqual(["jsx", "javascript"]);
    expect(react.codeBlocks[0]!.code).toContain("<button onClick");
    expect(react.favicon).toBe("https://cdn.example.test/favicon.ico");
    expect(react.language).toBe("en");
  });

  it("falls back to /favicon.ico, the first paragraph and <title>", () => {
    const parsed = parsePage("<title> Plain  page </title><p>First paragraph here.</p>", "http://example.test/a/b");
    expect(parsed.title).toBe("Plain page");
    expect(parsed.favicon).toBe("http://example.test/favicon.ico");
    expect(parsed.description).toBe("First paragraph here.");
  });

  it("treats text/plain as a document of its own", () => {
    const parsed = parsePage("Release notes\n\nVersion 2 adds dark mode.", "http://example.test/notes.txt", "text/plain");
    expect(parsed.title).toBe("Release notes");
    expect(parsed.text).toContain("dark mode");
  });
});

/** `inner` wrapped in `depth` nested elements, built directly (no parser, so no depth cap). */
function nested(depth: number, inner: AnyNode[], tag = "div"): Document {
  let children = inner;
  for (let i = 0; i < depth; i++) children = [new Element(tag, {}, children)];
  return new Document(children);
}

/** What parsePage threw, or undefined. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("deeply nested pages", () => {
  it("refuses a page nested deeper than the cap, however deep, without overflowing the stack", () => {
    const divs = `<html><head><title>Deep</title></head><body>${"<div>".repeat(100_000)}hello${"</div>".repeat(100_000)}</body></html>`;
    const spans = `<p>${"<span>".repeat(400_000)}`;
    for (const body of [divs, spans]) {
      const error = thrownBy(() => parsePage(body, "https://deep.test/"));
      expect(error).toBeInstanceOf(PageError);
      expect((error as PageError).message).toBe(PAGE_TOO_COMPLEX);
    }
  });

  it("reads a page nested just under the cap", () => {
    const depth = MAX_DEPTH - 10;
    const body = `<html><body>${"<div>".repeat(depth)}<p>Words at the bottom of the page.</p><pre>SELECT 1;\nSELECT 2;</pre>${"</div>".repeat(depth)}</body></html>`;
    const parsed = parsePage(body, "https://deep.test/");
    expect(parsed.text).toBe("Words at the bottom of the page.");
    expect(parsed.codeBlocks).toEqual([{ language: "sql", code: "SELECT 1;\nSELECT 2;" }]);
  });

  it("walks a 100,000-deep tree iteratively: text, headings and code come out", () => {
    const bottom = [
      new Element("h2", {}, [new Text("Deep heading")]),
      new Element("p", {}, [new Text("Deep words here.")]),
      new Element("pre", {}, [new Text("SELECT 1;\nSELECT 2;")]),
    ];
    const content = extractContent(nested(100_000, bottom));
    expect(content.text).toBe("Deep heading\n\nDeep words here.");
    expect(content.headings).toEqual(["Deep heading"]);
    expect(content.codeBlocks).toEqual([{ language: "sql", code: "SELECT 1;\nSELECT 2;" }]);
  });

  it("reads the text of a 100,000-deep tree iteratively, in document order", () => {
    const tree = nested(100_000, [new Text("middle")], "span");
    const outer = new Element("div", {}, [new Text("before "), ...tree.children, new Text(" after")]);
    expect(textOf(outer)).toBe("before middle after");
    // No block elements at all: the page's text is all its text.
    expect(extractContent(nested(100_000, [new Text("only words")], "span")).text).toBe("only words");
  });
});

describe("empty and untitled pages", () => {
  it("refuses a page with nothing readable", () => {
    for (const [body, type] of [
      ["", "text/html"],
      ["  \n ", "text/html"],
      ["<html><head></head><body> <div></div><script>var x = 1;</script></body></html>", "text/html"],
      ["   ", "text/plain"],
    ] as const) {
      const error = thrownBy(() => parsePage(body, "https://empty.test/", type));
      expect(error).toBeInstanceOf(PageError);
      expect((error as PageError).message).toBe(PAGE_EMPTY);
    }
  });

  it("names a page without a title after its address", () => {
    expect(parsePage("<p>Some words here.</p>", "https://example.test/docs/intro/?a=1#x").title).toBe("example.test/docs/intro");
    expect(parsePage("<p>Some words here.</p>", "http://example.test:8080/").title).toBe("example.test:8080");
    expect(parsePage("<p>Some words here.</p>", "https://example.test/caf%C3%A9").title).toBe("example.test/café");
    // A page with only a title still has something to show.
    expect(parsePage("<title>Just a title</title>", "https://example.test/").title).toBe("Just a title");
  });
});

describe("detectCodeLanguage", () => {
  it("trusts class hints and guesses otherwise", () => {
    expect(detectCodeLanguage("language-ts", "")).toBe("typescript");
    expect(detectCodeLanguage("", "def main():\n    print('hi')")).toBe("python");
    expect(detectCodeLanguage("", "$ npm install linkwise")).toBe("bash");
    expect(detectCodeLanguage("", "just some words")).toBe("text");
  });
});
