import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserReason, countScripts, describeReason, squashedLength, THIN_TEXT_CHARS } from "./browser-rule.server";
import { CORPUS_DIR, loadCorpus } from "../../../scripts/lib/extraction-eval";
import { PageError, parsePage } from "./page-parser.server";

const shell = readFileSync("tests/fixtures/pages/script-shell/index.html", "utf8");
/** What the parser read; an empty page (which the parser refuses) has no text. */
function textOf(html: string, contentType = "text/html"): string {
  try {
    return parsePage(html, "https://example.test/", contentType).text;
  } catch (error) {
    if (error instanceof PageError) return "";
    throw error;
  }
}
const reasonFor = (html: string, mode: "auto" | "always" | "off" = "auto", contentType = "text/html") => browserReason(mode, { html, contentType, text: textOf(html, contentType) });

describe("which pages go to the headless browser (decision 030)", () => {
  it("sends the script-built shell, saying why", () => {
    const reason = reasonFor(shell);
    expect(reason?.code).toBe("asks-for-javascript");
    const withoutNoscript = reasonFor(shell.replace(/<noscript>.*<\/noscript>/, ""));
    expect(withoutNoscript).toEqual({ code: "script-shell", detail: "0 chars of text, 1 script(s), mount point #root" });
    expect(describeReason(withoutNoscript!)).toBe("script-shell: 0 chars of text, 1 script(s), mount point #root");
  });

  it("sends a mount point with an inline script, but not a thin page whose only script is inline analytics", () => {
    expect(reasonFor(`<html><body><div id="__next"></div><script>window.__DATA__ = {}</script></body></html>`)?.code).toBe("script-shell");
    expect(reasonFor(`<html><body><h1>Gone fishing</h1><p>Back on Monday.</p><script>var _gaq = [];</script></body></html>`)).toBeNull();
    expect(reasonFor(`<html><body><h1>Gone fishing</h1><p>Back on Monday.</p></body></html>`)).toBeNull();
  });

  it("keeps a page with enough text as it is, scripts or not", () => {
    const text = "<p>" + "Plenty of words to read here. ".repeat(Math.ceil(THIN_TEXT_CHARS / 20)) + "</p>";
    expect(reasonFor(`<html><body><div id="root">${text}</div><script src="/app.js"></script></body></html>`)).toBeNull();
  });

  it("reads no page of the extraction corpus in the browser: each is read right from its HTML", () => {
    const sent = loadCorpus()
      .filter((page) => page.contentType.startsWith("text/html"))
      .filter((page) => {
        const html = readFileSync(path.join(CORPUS_DIR, page.file), "utf8");
        return browserReason("auto", { html, contentType: "text/html", text: parsePage(html, page.url).text }) !== null;
      })
      .map((page) => page.file);
    expect(sent).toEqual([]);
  });

  it("follows CRAWLER_BROWSER: always renders every HTML page, off none, and never a document that is not HTML", () => {
    expect(reasonFor(`<html><body><p>A page.</p></body></html>`, "always")).toEqual({ code: "always", detail: "CRAWLER_BROWSER=always" });
    expect(reasonFor(shell, "off")).toBeNull();
    expect(browserReason("always", { html: "# Notes", contentType: "text/markdown", text: "Notes" })).toBeNull();
  });

  it("counts scripts that run, not data", () => {
    expect(
      countScripts(`<script src="/a.js"></script><script type="module">import "/b.js"</script><script type="application/ld+json">{}</script><script>1</script>`),
    ).toEqual({ external: 1, modules: 1 });
  });

  it("measures the text as squashed white space would, stopping once it has enough", () => {
    for (const text of ["", "   ", "one", "  one  two\n\n three\t", "a\u00a0b\u3000c", "x ".repeat(150)]) {
      expect(squashedLength(text, 10_000)).toBe(text.replace(/\s+/g, " ").trim().length);
    }
    // A long page is counted only past the limit, not to its end.
    expect(squashedLength("word ".repeat(40_000), THIN_TEXT_CHARS)).toBeGreaterThanOrEqual(THIN_TEXT_CHARS);
    expect(squashedLength("word ".repeat(40_000), THIN_TEXT_CHARS)).toBeLessThan(THIN_TEXT_CHARS + 10);
  });
});
