import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { withoutThirdPartyResources } from "./queue-board.server";

describe("withoutThirdPartyResources", () => {
  it("drops bull-board's Google Fonts stylesheet and keeps its own files", () => {
    const page = readFileSync(createRequire(import.meta.url).resolve("@bull-board/ui/dist/index.ejs"), "utf8");
    const html = withoutThirdPartyResources(page);
    expect(page).toMatch(/fonts\.googleapis\.com/);
    expect(html).not.toMatch(/(?:href|src)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).toMatch(/<link href="static\/css\/main\.[0-9a-f]+\.css" rel="stylesheet">/);
    expect(html).toMatch(/<script defer src="static\/js\/main\.[0-9a-f]+\.js"><\/script>/);
    expect(html).toContain('<base href="<%= basePath %>" />');
  });

  it("drops a script from another origin, protocol-relative too", () => {
    expect(withoutThirdPartyResources('<head><script src="//cdn.example/x.js"></script><link rel="icon" href="/favicon.ico"></head>')).toBe(
      '<head><link rel="icon" href="/favicon.ico"></head>',
    );
  });
});
