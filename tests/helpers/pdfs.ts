import { constants, deflateRawSync, deflateSync } from "node:zlib";

/**
 * Hostile PDFs made in the test, so no fixture hides what they are: objects numbered from 1, a
 * cross-reference table with their real offsets, the catalog as object 1.
 */
export function buildPdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), typeof body === "string" ? Buffer.from(body, "latin1") : body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A stream object whose bytes are deflated. */
function flateStream(compressed: Buffer, entries = ""): Buffer {
  return Buffer.concat([Buffer.from(`<< ${entries} /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`), compressed, Buffer.from("\nendstream")]);
}

/**
 * Deflated (zlib) `megabytes` of spaces, made in milliseconds: one megabyte compressed as a
 * byte-aligned, non-final block, repeated (each copy refers only to spaces, which every copy
 * holds), then an empty final block. No Adler-32 trailer: pdf.js does not read it.
 */
function deflatedSpaces(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/**
 * A one-page PDF with a line of text whose XMP metadata stream inflates from well under a
 * megabyte to `inflatedMb` of spaces: pdf.js inflates it whole when the document's metadata is read.
 */
export function pdfBomb(inflatedMb: number): Buffer {
  const content = deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (Bomb) Tj ET"));
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    flateStream(content),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    flateStream(deflatedSpaces(inflatedMb), "/Type /Metadata /Subtype /XML"),
  ]);
}

/** A PDF whose page tree lists itself as its own kid. */
export function pdfWithCyclicPageTree(): Buffer {
  return buildPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]);
}

/** A small, ordinary one-page PDF with a line of text. */
export function pdfWithText(text: string): Buffer {
  const content = deflateSync(Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`));
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    flateStream(content),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}
