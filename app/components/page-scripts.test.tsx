import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads } from "./page-scripts";

describe("the page's scripts (decision 061)", () => {
  it("asks module preloads at low priority and leaves everything else as Remix wrote it", () => {
    // The shape Remix's <Scripts> returns: a fragment of links, a list of links and scripts.
    const scripts = (
      <>
        <link rel="modulepreload" href="/build/entry.client.js" />
        {["/build/_shared/a.js", "/build/root.js"].map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <>
          <script nonce="n" dangerouslySetInnerHTML={{ __html: "window.__remixContext = {};" }} />
          <script nonce="n" type="module" async dangerouslySetInnerHTML={{ __html: 'import "/build/entry.client.js";' }} />
        </>
      </>
    );
    const html = renderToStaticMarkup(<>{lowerModulePreloads(scripts)}</>);
    expect(html.match(/<link [^>]*>/g)).toEqual([
      '<link rel="modulepreload" href="/build/entry.client.js" fetchpriority="low"/>',
      '<link rel="modulepreload" href="/build/_shared/a.js" fetchpriority="low"/>',
      '<link rel="modulepreload" href="/build/root.js" fetchpriority="low"/>',
    ]);
    expect(html).toContain('<script nonce="n">window.__remixContext = {};</script>');
    expect(html).toContain('<script nonce="n" type="module" async="">import "/build/entry.client.js";</script>');
  });
});
