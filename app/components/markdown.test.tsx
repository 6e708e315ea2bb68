import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, markdownBlocks, renderInline } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<>{renderInline(text)}</>).replace(/ class="[^"]*"/g, "");

describe("the API reference's Markdown", () => {
  it("renders code spans, emphasis and links, and leaves other text as it is", () => {
    expect(html("The request was refused; `message` says why.")).toBe("The request was refused; <code>message</code> says why.");
    expect(html("**Admin** only, *really* and _truly_; snake_case_name stays")).toBe("<strong>Admin</strong> only, <em>really</em> and <em>truly</em>; snake_case_name stays");
    expect(html("See [the guide](/documentation/api/links#getApiLinks) or [mail](mailto:a@b.c).")).toBe(
      'See <a href="/documentation/api/links#getApiLinks">the guide</a> or <a href="mailto:a@b.c">mail</a>.',
    );
    expect(html("{id, shareUrl}: 2 * 3 * 4, [{id}] and a lone ` backtick")).toBe("{id, shareUrl}: 2 * 3 * 4, [{id}] and a lone ` backtick");
  });

  it("keeps what is inside a code span literal", () => {
    expect(html("`**not bold** [x](y)`")).toBe("<code>**not bold** [x](y)</code>");
  });

  it("never lets a description write HTML or an unsafe address", () => {
    expect(html('<img src=x onerror="alert(1)"> `<b>`')).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <code>&lt;b&gt;</code>");
    expect(html("[click](javascript:alert(1)) [protocol-relative](//evil.test/x) [data](data:text/html,hi)")).toBe("click) protocol-relative data");
  });

  it("splits paragraphs at blank lines and gathers `- ` lines into a list", () => {
    expect(markdownBlocks("One line\nand its rest.\n\n- first\n- second `x`\n  continued\n\nAfter.")).toEqual([
      { kind: "p", text: "One line and its rest." },
      { kind: "ul", items: ["first", "second `x` continued"] },
      { kind: "p", text: "After." },
    ]);
    const markup = renderToStaticMarkup(<Markdown text={"Intro\n\n- a\n- b"} />).replace(/ class="[^"]*"/g, "");
    expect(markup).toBe("<p>Intro</p><ul><li>a</li><li>b</li></ul>");
  });
});
