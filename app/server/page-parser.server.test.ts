import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectCodeLanguage, parsePage } from "./page-parser.server";

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

describe("detectCodeLanguage", () => {
  it("trusts class hints and guesses otherwise", () => {
    expect(detectCodeLanguage("language-ts", "")).toBe("typescript");
    expect(detectCodeLanguage("", "def main():\n    print('hi')")).toBe("python");
    expect(detectCodeLanguage("", "$ npm install linkwise")).toBe("bash");
    expect(detectCodeLanguage("", "just some words")).toBe("text");
  });
});
