import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZipWriter, crc32 } from "./zip.server";

function python(script: string, file: string): string {
  return execFileSync("python3", ["-c", script, file], { encoding: "utf8" });
}

describe("ZipWriter", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("writes an archive that a standard reader lists and extracts, names in UTF-8", () => {
    const zip = new ZipWriter();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "zip-")), "a.zip");
    writeFileSync(file, Buffer.concat([zip.add("links/één.md", "# Één\n\nBody ✓\n"), zip.add("links/two.md", "x".repeat(10_000)), zip.finish()]));
    const listing = python("import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print([(i.filename, len(z.read(i))) for i in z.infolist()])", file);
    expect(listing.trim()).toBe("[('links/één.md', 18), ('links/two.md', 10000)]");
    expect(python("import sys,zipfile; print(zipfile.ZipFile(sys.argv[1]).read('links/één.md').decode())", file)).toContain("Body ✓");
    expect(readFileSync(file).subarray(0, 4).readUInt32LE(0)).toBe(0x04034b50);
  });

  it("switches to the Zip64 end records past 65,535 files", () => {
    const zip = new ZipWriter();
    const parts: Buffer[] = [];
    for (let i = 0; i < 70_000; i++) parts.push(zip.add(`f${i}.md`, `${i}`));
    parts.push(zip.finish());
    const file = path.join(mkdtempSync(path.join(tmpdir(), "zip-")), "big.zip");
    writeFileSync(file, Buffer.concat(parts));
    expect(python("import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(len(z.infolist()), z.read('f69999.md').decode())", file).trim()).toBe("70000 69999");
  }, 60_000);
});
