import { parseHTML } from "linkedom";
import { afterEach, describe, expect, it } from "vitest";
import { readableContent } from "./readability.server";

// linkedom answers `childNodes` by walking the node's children into a new array on every read, so
// reading it once per child made a 300 KB page of 2,000 paragraphs in one <div> take seconds.
describe("readableContent on a page with thousands of blocks in one element", () => {
  const { document } = parseHTML("<!doctype html><html><body><div></div></body></html>");
  let proto: object | null = document.querySelector("div");
  while (proto && !Object.getOwnPropertyDescriptor(proto, "childNodes")) proto = Object.getPrototypeOf(proto);
  const original = Object.getOwnPropertyDescriptor(proto!, "childNodes")!;
  afterEach(() => Object.defineProperty(proto!, "childNodes", original));

  it("reads each element's children a bounded number of times, whatever their number", () => {
    const reads = new Map<object, number>();
    Object.defineProperty(proto!, "childNodes", {
      ...original,
      get(this: object) {
        reads.set(this, (reads.get(this) ?? 0) + 1);
        return original.get!.call(this);
      },
    });
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `<p>Paragraph ${i} of a long post about indexes, with enough words to count as prose for the reader.</p>`);
    const result = readableContent(`<!doctype html><html><head><title>Long post</title></head><body><div class="post"><h1>Long post</h1>${paragraphs.join("")}</div></body></html>`);
    expect(result?.text).toContain("Paragraph 1999 of a long post");
    expect(Math.max(...reads.values())).toBeLessThan(50);
  });
});
