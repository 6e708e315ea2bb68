import { readFileSync } from "node:fs";
import { Document, Element, Text, type AnyNode } from "domhandler";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, PAGE_EMPTY, PAGE_TOO_COMPLEX, PageError, cleanTitle, detectCodeLanguage, extractContent, isoDate, parsePage } from "./page-parser.server";
import { textOf } from "./dom-walk.server";
import { MAX_ELEMENTS, readableContent } from "./reader-view.server";

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
    expect(content.text).toBe("## Deep heading\n\nDeep words here.");
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

describe("reader-quality extraction", () => {
  it("reads a page without an article element through Readability, with byline, date, site name and lead image", () => {
    const parsed = parsePage(readFileSync("tests/fixtures/pages/corpus/news-harbour-bridge.html", "utf8"), "https://dailyherald.test/news/x");
    expect(parsed.extractor).toBe("readability");
    expect(parsed.title).toBe("Harbour bridge reopens after two years of repairs");
    expect(parsed.byline).toBe("Maria Lopez");
    expect(parsed.publishedAt).toBe("2026-11-20T07:30:00.000Z");
    expect(parsed.siteName).toBe("The Daily Herald");
    expect(parsed.leadImage).toBe("https://cdn.dailyherald.test/img/bridge.jpg");
    expect(parsed.text).not.toContain("We use cookies");
  });

  it("takes a page's one long <article> as it is (the fast path) and keeps lists as lines", () => {
    const items = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} of a long article about queues and the workers that drain them.</p>`).join("");
    const parsed = parsePage(`<title>Queues</title><nav>Home</nav><article><h1>Queues</h1>${items}</article><footer>Footer text</footer>`, "https://x.test/");
    expect(parsed.extractor).toBe("semantic");
    expect(parsed.text).toContain("Paragraph 29 of a long article");
    expect(parsed.text).not.toContain("Footer text");

    const listed = parsePage(`<title>Steps</title><div><h1>Steps</h1><p>${"Some words about the steps that follow, in order. ".repeat(12)}</p><ul><li>First step</li><li>Second step<ul><li>A detail</li></ul></li></ul><p>${"And a closing paragraph with enough words, commas, and more. ".repeat(10)}</p></div>`, "https://x.test/");
    expect(listed.extractor).toBe("readability");
    expect(listed.text).toContain("- First step\n- Second step\n  - A detail");
  });

  it("keeps headings and lists marked in the text, whichever reader found it (issue 36)", () => {
    const items = Array.from({ length: 14 }, (_, i) => `<p>Paragraph ${i} of a long recipe about bread, flour and the oven that bakes it.</p>`).join("");
    const body = `<h1>Bread</h1>${items}<h2>Ingredients</h2><ul><li>500 g flour</li><li>10 g salt</li></ul><h2>Method</h2><ol><li>Mix the flour and salt.</li><li>Knead for ten minutes.</li><li>Bake for forty minutes.</li></ol>`;
    const semantic = parsePage(`<title>Bread</title><article>${body}</article>`, "https://x.test/");
    const readability = parsePage(`<title>Bread</title><div>${body}</div>`, "https://x.test/");
    expect(semantic.extractor).toBe("semantic");
    expect(readability.extractor).toBe("readability");
    for (const parsed of [semantic, readability]) {
      expect(parsed.text).toContain("## Ingredients\n\n- 500 g flour\n- 10 g salt\n\n## Method\n\n1. Mix the flour and salt.\n2. Knead for ten minutes.\n3. Bake for forty minutes.");
      expect(parsed.headings).toEqual(["Bread", "Ingredients", "Method"]);
    }
  });

  it("keeps the article's HTML for the reader view: the <article> as the page has it, or Readability's choice (decision 055)", () => {
    const items = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} of a long article about queues and the workers that drain them.</p>`).join("");
    const semantic = parsePage(`<title>Queues</title><nav>Home</nav><article><h1>Queues</h1><ol start="2"><li>two</li></ol>${items}</article><footer>Footer text</footer>`, "https://x.test/");
    expect(semantic.articleHtml).toBe(`<article><h1>Queues</h1><ol start="2"><li>two</li></ol>${items}</article>`);

    const readable = parsePage(readFileSync("tests/fixtures/pages/corpus/news-harbour-bridge.html", "utf8"), "https://dailyherald.test/news/x");
    expect(readable.articleHtml).toContain("<p");
    expect(readable.articleHtml).not.toContain("We use cookies");

    // A long page is read by Readability up to a cut: the reader keeps the whole element it chose.
    const long = Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i} of a very long post, with commas, words, and more words to count as prose.</p>`).join("");
    const cut = parsePage(`<title>Long</title><div class="post"><h1>Long</h1>${long}</div>`, "https://x.test/");
    expect(cut.extractor).toBe("readability");
    expect(cut.articleHtml).toContain("Paragraph 399 of a very long post");

    expect(parsePage("<title>Short</title><p>Only a line.</p>", "https://x.test/").articleHtml).toBeNull();
  });

  it("falls back to the heuristic when Readability finds nothing", () => {
    const parsed = parsePage("<title>Short</title><p>Only a line.</p>", "https://x.test/");
    expect(parsed.extractor).toBe("heuristic");
    expect(parsed.text).toBe("Only a line.");
  });

  it("uses the JSON-LD articleBody of a script-built page, and never a broken JSON-LD block", () => {
    const shell = (ld: string) => `<title>App</title><script type="application/ld+json">${ld}</script><div id="root"></div><script src="/app.js"></script>`;
    const parsed = parsePage(shell(JSON.stringify({ "@type": "Article", headline: "From data", author: [{ name: "A" }, { name: "B" }], articleBody: "The text the app would render." })), "https://x.test/");
    expect(parsed).toMatchObject({ extractor: "json-ld", title: "From data", byline: "A, B", text: "The text the app would render." });
    expect(parsePage(shell("{broken"), "https://x.test/").title).toBe("App");
  });

  it("drops the site's name from <title> and reads dates or refuses them", () => {
    expect(cleanTitle("How it works | Site", null, "Site")).toBe("How it works");
    expect(cleanTitle("Site — How it works", null, "Site")).toBe("How it works");
    expect(cleanTitle("Long title with words - Some blog", "Long title with words", null)).toBe("Long title with words");
    expect(cleanTitle("A - B", null, null)).toBe("A - B");
    expect(cleanTitle("Crème brûlée, the classic French dessert", "Crème brûlée", null)).toBe("Crème brûlée, the classic French dessert");
    expect(cleanTitle("新路線が開業へ｜日本ニュース", "新路線が開業へ", null)).toBe("新路線が開業へ");
    expect(isoDate("2026-11-01T12:00:00+01:00")).toBe("2026-11-01T11:00:00.000Z");
    expect(isoDate("yesterday")).toBeNull();
    expect(isoDate("0001-01-01")).toBeNull();
  });

  it("reads Markdown: headings, the first as the title, fenced code with its language, prose without markup", () => {
    const parsed = parsePage("---\nx: y\n---\n# Guide\n\nSome **bold** and a [link](http://x).\n\n```ts\nconst a: number = 1;\n```\n\n## Next\n\n* item\n", "https://x.test/guide.md", "text/plain");
    expect(parsed).toMatchObject({ extractor: "markdown", title: "Guide", headings: ["Guide", "Next"], codeBlocks: [{ language: "typescript", code: "const a: number = 1;" }] });
    expect(parsed.text).toBe("# Guide\n\nSome bold and a link.\n\n## Next\n\n- item");
  });

  it("gives up Readability on a page with too many elements and reads it with the heuristic", () => {
    const many = `<title>Many</title><div>${"<span>x</span>".repeat(MAX_ELEMENTS + 10)}<p>${"Words in a paragraph. ".repeat(40)}</p></div>`;
    expect(readableContent(`<html><body><article>${"<p>Words in a paragraph, and more words. </p>".repeat(20)}</article></body></html>`)?.text).toContain("Words in a paragraph");
    expect(parsePage(many, "https://x.test/").extractor).toBe("heuristic");
  }, 60_000);
});
