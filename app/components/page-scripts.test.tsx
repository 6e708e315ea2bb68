import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadsAfterFirstPaint } from "./page-scripts";

describe("the page's scripts (decisions 061 and 074)", () => {
  it("keeps the entry module's preload (at low priority), asks for the others after the first paint, and leaves the scripts as Remix wrote them", () => {
    // The shape Remix's <Scripts> returns: a fragment of links, a list of links and scripts.
    const scripts = (
      <>
        <link rel="modulepreload" href="/build/entry.client.js" />
        {["/build/_shared/a.js", "/build/root.js"].map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <>
          <script nonce="n" dangerouslySetInnerHTML={{ __html: "window.__remixContext = {};" }} />
          <script nonce="n" type="module" async dangerouslySetInnerHTML={{ __html: 'import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");' }} />
        </>
      </>
    );
    const html = renderToStaticMarkup(<>{preloadsAfterFirstPaint(scripts)}</>);
    expect(html.match(/<link [^>]*>/g)).toEqual(['<link rel="modulepreload" href="/build/entry.client.js" fetchpriority="low"/>']);
    expect(html).toContain('<script nonce="n">window.__remixContext = {};</script>');
    // The preloads' script comes right before the module script, with its nonce (the pages' CSP).
    const preloads = /<script nonce="n">(\(\(\) => \{[\s\S]*?)<\/script><script nonce="n" type="module" async="">/.exec(html);
    expect(preloads?.[1]).toContain('["/build/_shared/a.js","/build/root.js"]');
    expect(preloads?.[1]).toContain("requestAnimationFrame");
    expect(html).toContain('<script nonce="n" type="module" async="">import * as route0 from "/build/root.js";');
  });

  it("adds the preloads when the frame comes, and at once in a tab in the background", () => {
    const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(
      renderToStaticMarkup(
        <>
          {preloadsAfterFirstPaint(
            <>
              <link rel="modulepreload" href="/e.js" />
              <link rel="modulepreload" href="/a.js" />
              <script nonce="n" type="module" dangerouslySetInnerHTML={{ __html: 'import("/e.js");' }} />
            </>,
          )}
        </>,
      ),
    )![1]!;
    const run = (visibilityState: string) => {
      const added: Array<{ rel: string; href: string }> = [];
      const frames: Array<() => void> = [];
      const document = { visibilityState, head: { append: (link: { rel: string; href: string }) => added.push(link) }, createElement: () => ({}) };
      const requestAnimationFrame = (callback: () => void) => frames.push(callback);
      const setTimeout = (callback: () => void) => callback();
      new Function("document", "requestAnimationFrame", "setTimeout", script)(document, requestAnimationFrame, setTimeout);
      return { added, frames };
    };
    const hidden = run("hidden");
    expect(hidden.added).toEqual([{ rel: "modulepreload", href: "/a.js" }]);
    const visible = run("visible");
    expect(visible.added).toEqual([]);
    visible.frames.forEach((frame) => frame());
    expect(visible.added).toEqual([{ rel: "modulepreload", href: "/a.js" }]);
  });
});
