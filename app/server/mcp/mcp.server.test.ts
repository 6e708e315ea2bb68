import { describe, expect, it } from "vitest";
import { plainSnippet } from "./mcp.server";

describe("plainSnippet", () => {
  it("turns the search's escaped, marked HTML back into the text it came from", () => {
    expect(plainSnippet("<mark>Zeppelins</mark> &amp; airships &lt;b&gt; &quot;rigid&quot; it&#39;s")).toBe('Zeppelins & airships <b> "rigid" it\'s');
    expect(plainSnippet("&amp;lt;")).toBe("&lt;");
    expect(plainSnippet(null)).toBeNull();
  });
});
