import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// An emoji used as an icon (🔒) drew an empty box on a machine with no emoji font. Icons are inline
// SVG (icons.tsx); text symbols that ordinary fonts carry (✓, ✕, →) stay.
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe("icons", () => {
  it("no screen draws an emoji as an icon", () => {
    const found = sources(join(__dirname, "..")).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => ([...line.matchAll(/[\p{Extended_Pictographic}](?<!©|®|™)/gu)].length ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
