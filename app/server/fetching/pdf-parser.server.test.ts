import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// In a plain Node process, as on a parser thread. core-js makes its versions print as native
// code, so the builtins are compared by identity.
const script = `
import { loadPdfjs } from "./app/server/fetching/pdf-parser.server.ts";
const before = { push: Array.prototype.push, parse: JSON.parse };
await loadPdfjs();
console.log(JSON.stringify({ push: Array.prototype.push === before.push, parse: JSON.parse === before.parse, pdfjs: typeof globalThis.pdfjsWorker }));
`;

describe("loading pdf.js (decision 035)", () => {
  it("leaves the builtins every HTML parse on the thread uses as the engine made them", () => {
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(output.trim().split("\n").pop()!)).toEqual({ push: true, parse: true, pdfjs: "object" });
  }, 30_000);
});
