import { describe, expect, it } from "vitest";
import { isSharedOutcome, sharedAddress } from "./web-app";

describe("sharedAddress", () => {
  it("prefers the url field", () => {
    expect(sharedAddress({ url: " https://a.example/x ", text: "https://b.example" })).toBe("https://a.example/x");
  });

  it("takes the first http(s) address from the text, then the title, without trailing punctuation", () => {
    expect(sharedAddress({ text: "Title — see http://a.example/p?q=1, and https://b.example" })).toBe("http://a.example/p?q=1");
    expect(sharedAddress({ text: "(https://a.example/x)." })).toBe("https://a.example/x");
    expect(sharedAddress({ title: "via https://c.example/t" })).toBe("https://c.example/t");
    expect(sharedAddress({ url: "ftp://x.example", text: "mailto:a@b.example https://d.example/" })).toBe("https://d.example/");
  });

  it("finds nothing in words, other schemes or empty fields", () => {
    expect(sharedAddress({})).toBeNull();
    expect(sharedAddress({ url: "", text: "just words", title: "javascript:alert(1)" })).toBeNull();
  });
});

describe("isSharedOutcome", () => {
  it("knows only its own keys", () => {
    expect(isSharedOutcome("saved")).toBe(true);
    expect(isSharedOutcome("toString")).toBe(false);
    expect(isSharedOutcome(null)).toBe(false);
  });
});
