import { describe, expect, it } from "vitest";
import { highlightCodeBlocks } from "./code-highlight.server";

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("highlightCodeBlocks", () => {
  it("colours a block of a known language and keeps its text exactly (highlights anchor on that text)", () => {
    const html = `<p>Then:</p><pre tabindex="0"><code class="language-ts">const limit: number = 10; // per second\nif (a &lt; b &amp;&amp; ok) return "x";</code></pre>`;
    const out = highlightCodeBlocks(html);
    expect(out).toContain('<pre tabindex="0"><code class="hljs language-ts" data-language="ts">');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(out).toContain('<span class="hljs-comment">// per second</span>');
    expect(out).toContain('<span class="hljs-string">&quot;x&quot;</span>');
    expect(textOf(out)).toBe(textOf(html));
  });

  it("knows a language by its alias (py, sh) and its lang- class", () => {
    expect(highlightCodeBlocks(`<pre><code class="lang-py">def f():\n    return None</code></pre>`)).toContain('<span class="hljs-keyword">def</span>');
    expect(highlightCodeBlocks(`<pre><code class="language-sh">echo "hi"</code></pre>`)).toContain('class="hljs language-sh"');
  });

  it("never lets the code's text become markup", () => {
    const out = highlightCodeBlocks(`<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</code></pre>`);
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toContain("hljs-tag");
    expect(textOf(out)).toBe("<script>alert(1)</script><img src=x onerror=alert(2)>");
  });

  it("leaves alone a block with no language, an unknown one, or markup inside", () => {
    for (const html of [
      `<pre><code>plain text</code></pre>`,
      `<pre><code class="language-klingon">qapla'</code></pre>`,
      `<pre><code class="language-js">see <a href="https://example.com/">this</a></code></pre>`,
      `<p><code class="language-js">inline()</code></p>`,
    ]) {
      expect(highlightCodeBlocks(html)).toBe(html);
    }
  });
});
