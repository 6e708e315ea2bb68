import { describe, expect, it } from "vitest";
import { decodeBody } from "./charset.server";

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
