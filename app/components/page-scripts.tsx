import { Scripts } from "@remix-run/react";
import { Children, Fragment, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

type ScriptsProps = Parameters<typeof Scripts>[0];

/** Marks every `<link rel="modulepreload">` in Remix's scripts as low priority; the rest as it was. */
export function lowerModulePreloads(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child)) return child;
    const element = child as ReactElement<{ rel?: string; children?: ReactNode }>;
    if (element.type === "link" && element.props.rel === "modulepreload") return cloneElement(element, { fetchpriority: "low" } as object);
    if (element.type === Fragment) return <>{lowerModulePreloads(element.props.children)}</>;
    return element;
  });
}

/**
 * Remix's `<Scripts>` with its module preloads asked at low priority (decision 061). They sit at
 * the end of the body and nothing on the first screen waits for them, but Chrome asks a
 * modulepreload at high priority, beside the stylesheet, and Lighthouse counts every such script
 * loaded before the first paint as holding that paint up (30 of them on `/`). Low, they still load
 * at once; the stylesheet and the page's images go first.
 */
export function PageScripts(props: ScriptsProps) {
  // Scripts is called as a function (its hooks are this component's), so its output can be adjusted.
  return <>{lowerModulePreloads(Scripts(props))}</>;
}
