import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, checkPage, evaluateCorpus, loadCorpus, summarise } from "./extraction-eval";
import { parsePage } from "../../app/server/fetching/page-parser.server";

describe("the extraction corpus (npm run eval:extraction)", () => {
  it("reads every page right: title, text that must and must not be there, details and code", async () => {
    const results = await evaluateCorpus();
    expect(results.length).toBeGreaterThanOrEqual(40);
    const wrong = results.filter((r) => r.problems.length > 0).map((r) => `${r.expectation.file}: ${r.problems.join("; ")}`);
    expect(wrong).toEqual([]);
    expect(summarise(results).at(-1)).toEqual({ kind: "all", right: results.length, total: results.length });
  }, 60_000);

  it("covers the kinds of pages people save", () => {
    const kinds = new Set(loadCorpus().map((page) => page.kind));
    for (const kind of ["docs", "news", "blog", "forum", "spa", "french", "japanese", "paywall", "cookie-wall", "text", "markdown", "pdf"]) expect(kinds).toContain(kind);
  });

  it("finds a page wrong when its text or title is", () => {
    const [expectation] = loadCorpus().filter((page) => page.file === "news-harbour-bridge.html");
    const page = parsePage(readFileSync(`${CORPUS_DIR}/${expectation!.file}`, "utf8"), expectation!.url);
    expect(checkPage(expectation!, page)).toEqual([]);
    expect(checkPage(expectation!, { ...page, title: "The Daily Herald" })).toHaveLength(1);
    expect(checkPage(expectation!, { ...page, text: `${page.text}\n\nWe use cookies to improve your experience` })[0]).toMatch(/should not hold/);
    expect(checkPage(expectation!, { ...page, text: "Nothing here." }).filter((p) => p.startsWith("missing"))).toHaveLength(2);
  });
});
