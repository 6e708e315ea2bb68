import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { pdfBomb, pdfWithCyclicPageTree, pdfWithText } from "../../../tests/helpers/pdfs";
import { PAGE_TOO_COMPLEX } from "./page-parser.server";
import { PDF_TOO_LARGE, PdfReader } from "./pdf-process.server";

const paper = { data: new Uint8Array(readFileSync("tests/fixtures/pages/corpus/pdf-paper.pdf")), url: "https://papers.test/paper.pdf" };
let reader: PdfReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

/** This process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;
}

describe("PdfReader (decision 045)", () => {
  it("reads PDFs in one child process, its start and pdf.js's loading not counted in the first PDF's budget, and a broken page tree fails with a reason", async () => {
    // A warm child reads this paper in tens of milliseconds; starting one takes seconds on a busy machine.
    reader = new PdfReader({ processes: 1, budgetMs: 1_000, maxRssMb: 512 });
    expect(await reader.read(paper)).toMatchObject({ extractor: "pdf", title: "Cache-aware scheduling for short jobs" });
    await expect(reader.read({ data: pdfWithCyclicPageTree(), url: "https://papers.test/cyclic.pdf" })).rejects.toThrow("The PDF could not be read: its page tree contains itself");
    expect((await reader.read({ data: pdfWithText("A second line of text"), url: "https://papers.test/b.pdf" })).text).toBe("A second line of text");
    expect(reader.started).toBe(1);
  }, 60_000);

  it("kills a child past its memory cap and refuses the PDF with a reason, while this process does not grow; the next PDF gets a new child", async () => {
    reader = new PdfReader({ processes: 1, budgetMs: 30_000, maxRssMb: 200 });
    const before = peakRssMb();
    // 300 KB that pdf.js inflates to 300 MB.
    await expect(reader.read({ data: pdfBomb(300), url: "https://papers.test/bomb.pdf" })).rejects.toThrow(PDF_TOO_LARGE);
    expect(reader.peakRssMb).toBeGreaterThan(200);
    expect(peakRssMb() - before).toBeLessThan(50);
    expect((await reader.read(paper)).extractor).toBe("pdf");
    expect(reader.started).toBe(2);
  }, 60_000);

  it("stops a PDF over its CPU budget as too complex", async () => {
    reader = new PdfReader({ processes: 1, budgetMs: 100, maxRssMb: 4_096 });
    // Inflating and scanning 600 MB takes seconds of CPU; the cap is far away.
    await expect(reader.read({ data: pdfBomb(600), url: "https://papers.test/slow.pdf" })).rejects.toThrow(PAGE_TOO_COMPLEX);
  }, 60_000);
});
