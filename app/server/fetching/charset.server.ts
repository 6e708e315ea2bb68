/**
 * Bytes of a fetched page to text. Pages often declare the wrong charset (a server's default
 * of latin1 over a UTF-8 page, a UTF-8 template over old windows-1252 text, a label nobody
 * knows); honouring it blindly garbles every accented letter, so the bytes get a say.
 */

import { isAscii, isUtf8 } from "node:buffer";

/** Encodings where every byte is a character: any bytes decode, so they cannot be checked. */
const SINGLE_BYTE = /^(windows-125\d|windows-874|iso-8859-\d+|koi8-[ru]|ibm866|macintosh|x-mac-cyrillic)$/;

/** The WHATWG name of a charset label, or null for a label TextDecoder does not know. */
function encodingOf(label: string | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/** The declared charset: the Content-Type header's, else a <meta> near the top of the page. */
function declaredLabel(contentType: string, bytes: Buffer): string | undefined {
  const fromHeader = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  const head = bytes.subarray(0, 2048).toString("latin1");
  return /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
}

/** The text when the bytes are valid UTF-8, else null (node:buffer's checks are native: a page is read in microseconds, not a callback per byte). */
function strictUtf8(bytes: Buffer): string | null {
  return isUtf8(bytes) ? bytes.toString("utf8") : null;
}

/** windows-1252's characters at 0x80–0x9f (the rest of it is latin1); unassigned bytes stay as they are. */
const WINDOWS_1252_HIGH = "€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ";

/** Node 20's TextDecoder reads windows-1252 (and so latin1) as plain latin1: 0x97 would not be —. */
function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString("latin1").replace(/[\x80-\x9f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

function decodeAs(bytes: Buffer, charset: string): string {
  return charset === "windows-1252" ? decodeWindows1252(bytes) : new TextDecoder(charset).decode(bytes);
}

/**
 * A byte order mark wins; a declared multi-byte encoding (Shift_JIS, GBK, UTF-16...) is
 * trusted; otherwise bytes that are valid UTF-8 are UTF-8 (with non-ASCII bytes that is never
 * an accident), a declared single-byte encoding comes next, and windows-1252 (what browsers
 * read latin1 as) is the last resort: every byte decodes, none becomes U+FFFD.
 */
export function decodeBody(bytes: Buffer, contentType: string): { text: string; charset: string } {
  const decode = (charset: string) => ({ text: decodeAs(bytes, charset), charset });
  const bom = bomEncoding(bytes);
  if (bom) return decode(bom);
  const declared = encodingOf(declaredLabel(contentType, bytes));
  if (declared && declared !== "utf-8" && !SINGLE_BYTE.test(declared)) return decode(declared);
  // ASCII reads the same in UTF-8 and every single-byte encoding: latin1 is the quickest read of it.
  if (declared && isAscii(bytes)) return { text: bytes.toString("latin1"), charset: declared };
  const utf8 = strictUtf8(bytes);
  if (utf8 !== null) return { text: utf8, charset: "utf-8" };
  return decode(declared && declared !== "utf-8" ? declared : "windows-1252");
}
