import { hasChildren, isTag, isText, type AnyNode, type Element } from "domhandler";
import { NOISE_CLASS, NOISE_ROLES } from "./noise.server";

/**
 * Walks over htmlparser2's tree, shared by the parser's heuristic (page-parser.server.ts) and the
 * reading past Readability's cut (readable-prefix.server.ts). Every walk keeps its own stack
 * instead of recursing, so no tree, however deep, can overflow the call stack (the parser caps
 * the depth too; this does not rely on it). Nodes come off the stack in document order.
 */
export function pushChildren(stack: AnyNode[], nodes: readonly AnyNode[]) {
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]!);
}

/** Elements whose text is never shown on the page. */
export const UNSEEN_TAGS = new Set(["script", "style", "noscript", "template"]);

/**
 * The text under `root` in document order (what domutils' recursive textContent gives),
 * leaving out elements named in `skip`.
 */
export function textOf(root: AnyNode | readonly AnyNode[], skip?: ReadonlySet<string>): string {
  // Most paragraphs are one run of text: no walk needed.
  if (!Array.isArray(root) && hasChildren(root as AnyNode) && !(skip && isTag(root as AnyNode) && skip.has((root as Element).name))) {
    const children = (root as Element).children;
    if (children.length === 1 && isText(children[0]!)) return children[0].data;
  }
  const parts: string[] = [];
  const stack: AnyNode[] = [];
  pushChildren(stack, Array.isArray(root) ? root : [root as AnyNode]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) parts.push(node.data);
    else if (skip && isTag(node) && skip.has(node.name)) continue;
    else if (hasChildren(node)) pushChildren(stack, node.children);
  }
  return parts.join("");
}

/** Whitespace runs as one space, trimmed; most blocks have none to replace, and are not copied. */
export function squash(text: string): string {
  const trimmed = text.trim();
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, " ") : trimmed;
}

/** An element its attributes mark as what surrounds an article: a noisy class or id, a navigation role, aria-hidden. */
export function hasNoiseMarks(element: Element): boolean {
  const { role, class: className, id } = element.attribs;
  if (role && NOISE_ROLES.has(role)) return true;
  if (element.attribs["aria-hidden"] === "true") return true;
  return NOISE_CLASS.test(className ?? "") || NOISE_CLASS.test(id ?? "");
}
