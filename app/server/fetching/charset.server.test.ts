import { describe, expect, it } from "vitest";
import { gzipSync } from "node:zlib";
import { binaryContent, decodeBody } from "./charset.server";

const title = "Crème brûlée — déjà vu";
const page = (head: string) => `<html><head>${head}<title>${title}</title></head><body><p>${title}</p></body></html>`;
const latin1 = (text: string) => Buffer.from(encodeWindows1252(text));
const utf8 = (text: string) => Buffer.from(text, "utf8");

/** windows-1252 bytes: latin1 plus the few characters (— here) it puts in 0x80–0x9f. */
function encodeWindows1252(text: string): number[] {
  return [...text].map((char) => (char === "—" ? 0x97 : char.charCodeAt(0)));
}

describe("decodeBody", () => {
  it("honours a correct declaration, in the header or in a <meta>", () => {
    expect(decodeBody(utf8(page("")), "text/html; charset=utf-8")).toEqual({ text: page(""), charset: "utf-8" });
    const meta = page('<meta charset="windows-1252">');
    expect(decodeBody(latin1(meta), "text/html")).toEqual({ text: meta, charset: "windows-1252" });
    const shiftJis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // 日本
    expect(decodeBody(shiftJis, "text/plain; charset=Shift_JIS")).toEqual({ text: "日本", charset: "shift_jis" });
  });

  it("reads windows-1252 bytes declared as utf-8 as windows-1252, not as replacement characters", () => {
    const decoded = decodeBody(latin1(page("")), "text/html; charset=utf-8");
    expect(decoded.text).toContain(title);
    expect(decoded.charset).toBe("windows-1252");
    const metaDeclared = page('<meta charset="utf-8">');
    expect(decodeBody(latin1(metaDeclared), "text/html").text).toBe(metaDeclared);
  });

  it("reads utf-8 bytes declared as latin1 (a server default) as utf-8", () => {
    const decoded = decodeBody(utf8(page("")), "text/html; charset=iso-8859-1");
    expect(decoded).toEqual({ text: page(""), charset: "utf-8" });
  });

  it("falls back for an unknown or missing label: utf-8 when the bytes are utf-8, else windows-1252", () => {
    expect(decodeBody(utf8(page("")), "text/html; charset=x-made-up").text).toBe(page(""));
    expect(decodeBody(latin1(page("")), "text/html; charset=x-made-up").text).toBe(page(""));
    expect(decodeBody(utf8(page("")), "text/html").text).toBe(page(""));
    expect(decodeBody(latin1(page("")), "text/html").text).toBe(page(""));
  });

  it("lets a byte order mark win over any declaration", () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(title)]);
    expect(decodeBody(bom, "text/html; charset=windows-1252")).toEqual({ text: title, charset: "utf-8" });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(title, "utf16le")]);
    expect(decodeBody(utf16, "text/html; charset=utf-8")).toEqual({ text: title, charset: "utf-16le" });
  });
});

describe("a declaration the bytes contradict", () => {
  it("reads UTF-8 bytes declared as UTF-16 (no byte order mark) as UTF-8, not as CJK text", () => {
    const text = page("") + "<p>日本語も読める</p>";
    expect(decodeBody(utf8(text), "text/html; charset=utf-16")).toEqual({ text, charset: "utf-8" });
    expect(decodeBody(utf8(text), "text/html; charset=utf-16le").text).toBe(text);
    // ASCII declared UTF-16 in a <meta> (what browsers read as UTF-8 too).
    const meta = page('<meta charset="utf-16">');
    expect(decodeBody(utf8(meta), "text/html").text).toBe(meta);
  });

  it("still reads real UTF-16 without a byte order mark when declared", () => {
    expect(decodeBody(Buffer.from(title, "utf16le"), "text/html; charset=utf-16le")).toEqual({ text: title, charset: "utf-16le" });
  });

  it("reads UTF-8 bytes declared as Shift_JIS as UTF-8", () => {
    const text = "<p>日本語の文章</p>";
    expect(decodeBody(utf8(text), "text/html; charset=shift_jis").text).toBe(text);
  });
});

describe("binaryContent", () => {
  const html = utf8(page(""));
  it("names compressed and binary bodies by their magic bytes", () => {
    expect(binaryContent(gzipSync(html), "utf-8")).toBe("gzip-compressed data");
    expect(binaryContent(Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), html]), "utf-8")).toBe("a zip archive");
    expect(binaryContent(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]), "utf-8")).toBe("a PNG image");
  });

  it("refuses bytes that are mostly control characters, whatever their start", () => {
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(binaryContent(Buffer.concat([Buffer.from("<html>"), noise]), "windows-1252")).toBe("binary data");
  });

  it("passes text: a page, a few stray NUL characters, real UTF-16", () => {
    expect(binaryContent(html, "utf-8")).toBeNull();
    expect(binaryContent(utf8(`<p>a NUL\u0000 here</p>${"text ".repeat(200)}`), "utf-8")).toBeNull();
    expect(binaryContent(Buffer.from(page(""), "utf16le"), "utf-16le")).toBeNull();
    expect(binaryContent(Buffer.alloc(0), "utf-8")).toBeNull();
  });
});
