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

/** windows-1252's characters at 0x80–0x9f (the rest of it is latin1); unassigned bytes stay as they are. */
const WINDOWS_1252_HIGH = "€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ";

/** Node 20's TextDecoder reads windows-1252 (and so latin1) as plain latin1: 0x97 would not be —. */
function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString("latin1").replace(/[\x80-\x9f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

/**
 * How a page's bytes are read: "latin1" for ASCII (the same characters in UTF-8 and every
 * single-byte encoding, and the quickest read of them), "windows-1252" for that encoding (see
 * decodeWindows1252), else a WHATWG encoding name for TextDecoder ("utf-8", "shift_jis", ...).
 */
export type Reading = string;

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The bytes as text, read as `pageEncoding` decided. */
export function decodeAs(bytes: Uint8Array, reading: Reading): string {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (reading === "latin1") return buffer.toString("latin1");
  // TextDecoder drops a byte order mark; so does this quicker read of UTF-8.
  if (reading === "utf-8") return stripBom(buffer.toString("utf8"));
  return reading === "windows-1252" ? decodeWindows1252(buffer) : new TextDecoder(reading).decode(buffer);
}

/**
 * A byte order mark wins; a declared multi-byte encoding (Shift_JIS, GBK, UTF-16...) is
 * trusted; otherwise bytes that are valid UTF-8 are UTF-8 (with non-ASCII bytes that is never
 * an accident), a declared single-byte encoding comes next, and windows-1252 (what browsers
 * read latin1 as) is the last resort: every byte decodes, none becomes U+FFFD.
 *
 * Only decides (native checks, microseconds a page): the page is decoded where it is parsed
 * (`decodeAs` in its parser thread), so a worker's main thread never builds the page's text.
 */
export function pageEncoding(bytes: Buffer, contentType: string): { charset: string; reading: Reading } {
  const bom = bomEncoding(bytes);
  if (bom) return { charset: bom, reading: bom };
  let declared = encodingOf(declaredLabel(contentType, bytes));
  // UTF-16 without a byte order mark puts a zero byte beside every ASCII character; bytes without
  // them are not UTF-16, whatever the label says (browsers read a <meta> saying UTF-16 as UTF-8).
  if (declared?.startsWith("utf-16") && !looksLikeUtf16(bytes)) declared = null;
  // Non-ASCII bytes that are valid UTF-8 are never an accident: they beat a declared Shift_JIS or GBK.
  if (declared && declared !== "utf-8" && !SINGLE_BYTE.test(declared) && !declared.startsWith("utf-16") && !isAscii(bytes) && isUtf8(bytes)) declared = "utf-8";
  if (declared && declared !== "utf-8" && !SINGLE_BYTE.test(declared)) return { charset: declared, reading: declared };
  if (declared && isAscii(bytes)) return { charset: declared, reading: "latin1" };
  if (isUtf8(bytes)) return { charset: "utf-8", reading: "utf-8" };
  const fallback = declared && declared !== "utf-8" ? declared : "windows-1252";
  return { charset: fallback, reading: fallback };
}

/** `pageEncoding` and `decodeAs` in one step. */
export function decodeBody(bytes: Buffer, contentType: string): { text: string; charset: string } {
  const { charset, reading } = pageEncoding(bytes, contentType);
  return { text: decodeAs(bytes, reading), charset };
}

/** How much of a body the checks below look at: enough to tell, cheap on the fetching thread. */
const SNIFF_BYTES = 8192;

/** At least a quarter of a sample's byte pairs hold a zero byte: text in UTF-16. */
function looksLikeUtf16(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let zeros = 0;
  for (const byte of sample) if (byte === 0) zeros++;
  return sample.length >= 2 && zeros >= sample.length / 8;
}

/** Formats a server may send as text/html by mistake (or on purpose): their first bytes. */
const MAGIC: Array<[number[], string]> = [
  [[0x1f, 0x8b], "gzip-compressed data"],
  [[0x28, 0xb5, 0x2f, 0xfd], "zstd-compressed data"],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], "xz-compressed data"],
  [[0x50, 0x4b, 0x03, 0x04], "a zip archive"],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], "a 7-Zip archive"],
  [[0x89, 0x50, 0x4e, 0x47], "a PNG image"],
  [[0xff, 0xd8, 0xff], "a JPEG image"],
  [[0x47, 0x49, 0x46, 0x38], "a GIF image"],
  [[0x7f, 0x45, 0x4c, 0x46], "a program"],
  [[0x00, 0x61, 0x73, 0x6d], "a WebAssembly module"],
];

/** A text's share of control characters (not tab, newline, form feed, carriage return, escape) past which it is binary. */
const MAX_CONTROL_SHARE = 0.1;

/**
 * What a body sent as a page really is when it is not text: a compressed stream, an archive,
 * an image or a program by its first bytes, else "binary data" when over a tenth of its first
 * bytes are control characters (a few stray NULs in a page are not); null for text. Read before
 * decoding, so a gzip body never becomes a megabyte of mojibake. UTF-16 (zero bytes by nature)
 * is judged by its magic bytes only.
 */
export function binaryContent(bytes: Buffer, reading: Reading): string | null {
  for (const [magic, name] of MAGIC) if (magic.every((byte, i) => bytes[i] === byte)) return name;
  if (reading.startsWith("utf-16")) return null;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  if (sample.length === 0) return null;
  let control = 0;
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) control++;
  return control > sample.length * MAX_CONTROL_SHARE ? "binary data" : null;
}
