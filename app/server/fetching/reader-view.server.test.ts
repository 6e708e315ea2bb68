import { createRequire } from "node:module";
import type * as Linkedom from "linkedom";
import { afterEach, describe, expect, it } from "vitest";
import { readableContent } from "./reader-view.server";

// The same linkedom the module requires at first use (its CommonJS build, decision 059): the ES
// module build's classes are others, and wrapping their prototypes would watch nothing.
const { parseHTML } = createRequire(import.meta.url)("linkedom") as typeof Linkedom;

/** linkedom's element prototype that defines `name`, and its descriptor, for a test to wrap and put back. */
function elementAccessor(name: string): { proto: object; original: PropertyDescriptor } {
  const { document } = parseHTML("<!doctype html><html><body><div></div></body></html>");
  let proto: object | null = document.querySelector("div");
  while (proto && !Object.getOwnPropertyDescriptor(proto, name)) proto = Object.getPrototypeOf(proto);
  return { proto: proto!, original: Object.getOwnPropertyDescriptor(proto!, name)! };
}

// linkedom answers `childNodes` by walking the node's children into a new array on every read, so
// reading it once per child made a 300 KB page of 2,000 paragraphs in one <div> take seconds.
describe("readableContent on a page with thousands of blocks in one element", () => {
  const { proto, original } = elementAccessor("childNodes");
  afterEach(() => Object.defineProperty(proto, "childNodes", original));

  it("reads each element's children a bounded number of times, whatever their number", () => {
    const reads = new Map<object, number>();
    Object.defineProperty(proto, "childNodes", {
      ...original,
      get(this: object) {
        reads.set(this, (reads.get(this) ?? 0) + 1);
        return original.get!.call(this);
      },
    });
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `<p>Paragraph ${i} of a long post about indexes, with enough words to count as prose for the reader.</p>`);
    const result = readableContent(`<!doctype html><html><head><title>Long post</title></head><body><div class="post"><h1>Long post</h1>${paragraphs.join("")}</div></body></html>`);
    expect(result?.text).toContain("Paragraph 1999 of a long post");
    expect(reads.size, "the wrapped childNodes was read at all").toBeGreaterThan(0);
    expect(Math.max(...reads.values())).toBeLessThan(50);
  });
});

// Readability keeps a copy of the page to start again from when a pass finds too little text; it
// serialised the whole page to HTML for that on every page (our patch copies the nodes instead).
describe("readableContent's copy of the page for another pass", () => {
  const { proto, original } = elementAccessor("innerHTML");
  afterEach(() => Object.defineProperty(proto, "innerHTML", original));

  const paragraphs = Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i} of a post about tide tables, long enough to count as prose, with a comma, and another one.</p>`).join("");

  it("never serialises the page, only the article it keeps for the reader view, once", () => {
    const serialised: string[] = [];
    Object.defineProperty(proto, "innerHTML", {
      ...original,
      get(this: object) {
        const html = original.get!.call(this) as string;
        serialised.push(html);
        return html;
      },
    });
    const result = readableContent(`<!doctype html><html><head><title>Tides</title></head><body><div class="post"><h1>Tides</h1>${paragraphs}</div></body></html>`);
    expect(result?.text).toContain("Paragraph 11 of a post about tide tables");
    // The one serialisation is the article's (decision 055): no <body>, nothing of the <head>.
    expect(serialised).toEqual([result?.html]);
    expect(result?.html).toContain("Paragraph 11 of a post about tide tables");
    expect(result?.html).not.toMatch(/<body|<title/);
  });

  it("still finds an article that only a second pass finds, from the page as it was", () => {
    // "extra" is an unlikely candidate to Readability's first pass (not noise to ours): the first
    // pass strips the article and finds too little, the next starts again from the copy.
    const result = readableContent(`<!doctype html><html><head><title>Tides</title></head><body><div class="extra-content"><h1>Tides</h1>${paragraphs}</div></body></html>`);
    expect(result?.text).toContain("Paragraph 0 of a post about tide tables");
    expect(result?.text).toContain("Paragraph 11 of a post about tide tables");
  });
});

// Our linkedom patch keeps compiled selectors (Readability asks for the same few hundreds of times a page).
describe("linkedom's kept selectors", () => {
  it("answer each document with its own elements, in HTML and in XML", async () => {
    const { DOMParser } = await import("linkedom");
    const first = parseHTML("<!doctype html><html><body><p>one</p><ul><li>two</li></ul></body></html>").document;
    const second = parseHTML("<!doctype html><html><body><p>three</p><p>four</p></body></html>").document;
    expect(Array.from(first.querySelectorAll("p,li"), (e) => e.textContent)).toEqual(["one", "two"]);
    expect(Array.from(second.querySelectorAll("p,li"), (e) => e.textContent)).toEqual(["three", "four"]);
    // HTML matches tag names whatever their case; XML does not: the same selector, two answers.
    expect(first.querySelectorAll("P")).toHaveLength(1);
    const xml = new DOMParser().parseFromString("<root><p>five</p><P>six</P></root>", "text/xml");
    expect(Array.from(xml.querySelectorAll("P"), (e) => (e as Element).textContent)).toEqual(["six"]);
    expect(Array.from(first.querySelectorAll(":scope > body > p"), (e) => e.textContent)).toEqual([]);
    expect(Array.from(first.documentElement.querySelectorAll(":scope > body > p"), (e) => e.textContent)).toEqual(["one"]);
  });
});
