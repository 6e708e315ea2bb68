import { Scripts } from "@remix-run/react";
import { Children, Fragment, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

type ScriptsProps = Parameters<typeof Scripts>[0];
type ScriptElement = ReactElement<{ rel?: string; href?: string; nonce?: string; type?: string; children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } }>;

/** An inline script that asks for `hrefs` as module preloads once the page has painted (at once in a tab in the background, which paints nothing). */
export function preloadAfterFirstPaint(hrefs: string[]): string {
  return [
    "(() => {",
    `  const add = () => { for (const href of ${JSON.stringify(hrefs)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href })); };`,
    '  if (document.visibilityState === "hidden") add(); else requestAnimationFrame(() => setTimeout(add, 0));',
    "})();",
  ].join("\n");
}

/**
 * Remix's scripts with their module preloads but the first (the entry module's) asked for after
 * the first paint, by an inline script put before Remix's module script; the rest as it was.
 */
export function preloadsAfterFirstPaint(node: ReactNode): ReactNode {
  const later: string[] = [];
  let kept = false;
  const visit = (children: ReactNode): ReactNode =>
    Children.map(children, (child) => {
      if (!isValidElement(child)) return child;
      const element = child as ScriptElement;
      if (element.type === "link" && element.props.rel === "modulepreload" && element.props.href) {
        if (!kept) {
          kept = true;
          return cloneElement(element, { fetchpriority: "low" } as object);
        }
        later.push(element.props.href);
        return null;
      }
      if (element.type === "script" && element.props.type === "module" && later.length > 0) {
        return (
          <>
            <script nonce={element.props.nonce} dangerouslySetInnerHTML={{ __html: preloadAfterFirstPaint(later.splice(0)) }} />
            {element}
          </>
        );
      }
      if (element.type === Fragment) return <>{visit(element.props.children)}</>;
      return element;
    });
  return visit(node);
}

/**
 * Remix's `<Scripts>`, its module preloads after the first paint (decision 074). Lighthouse's
 * simulated Largest Contentful Paint counts every request made before the paint it observed, and
 * Remix asks for 30 module preloads at the end of the body, before that paint whenever the page
 * arrives at once: the same dashboard scored an LCP of 1.1 s or 2.5–3 s by that alone. The module
 * script itself is as Remix wrote it (its imports still load before the page's `load` event, and
 * the entry module is preloaded as before), so the page hydrates as it did; the preloads asked a
 * frame later still fetch the modules it imports side by side rather than one level at a time.
 */
export function PageScripts(props: ScriptsProps) {
  // Scripts is called as a function (its hooks are this component's), so its output can be adjusted.
  return <>{preloadsAfterFirstPaint(Scripts(props))}</>;
}
