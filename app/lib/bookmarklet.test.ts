import { describe, expect, it } from "vitest";
import { bookmarkletSource } from "./bookmarklet";

describe("the bookmarklet", () => {
  it("opens our save page with the page's address and title, and sends nothing itself", () => {
    const source = bookmarkletSource("https://linkwise.example");
    expect(source.startsWith("javascript:")).toBe(true);
    const opened: string[] = [];
    const run = new Function("location", "document", "window", "encodeURIComponent", source.slice("javascript:".length));
    run({ href: "https://blog.example/post?a=1&b=2" }, { title: "A & B" }, { open: (url: string) => (opened.push(url), {}) }, encodeURIComponent);
    expect(opened).toEqual([`https://linkwise.example/save?url=${encodeURIComponent("https://blog.example/post?a=1&b=2")}&title=${encodeURIComponent("A & B")}`]);
    expect(source).not.toMatch(/fetch|XMLHttpRequest|sendBeacon/);
  });

  it("falls back to a top-level navigation when the popup is blocked", () => {
    const location = { href: "https://blog.example/" };
    const run = new Function("location", "document", "window", "encodeURIComponent", bookmarkletSource("https://linkwise.example").slice("javascript:".length));
    run(location, { title: "" }, { open: () => null }, encodeURIComponent);
    expect(location.href).toBe(`https://linkwise.example/save?url=${encodeURIComponent("https://blog.example/")}&title=`);
  });
});
