import { Fragment, type ReactNode } from "react";
import { cx } from "./ui";

/**
 * The small Markdown the API document's descriptions use, rendered as React elements: code spans,
 * **strong**, *emphasis*, [links](…) and, between blank lines, paragraphs and `- ` lists. Text is
 * never parsed as HTML (React escapes it) and a link keeps only an http(s), mailto, same-site or
 * fragment address; anything else is shown as its words (decision 054).
 */

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const LIST_ITEM = /^\s*[-*]\s+/;

/** One token at the front of `text`: `code`, [label](href), **strong**, *em* or _em_. */
const INLINE = /`([^`\n]+)`|\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*(?=\S)([^*\n]+?)\*\*|\*(?=\S)([^*\n]+?)\*|(?<![\w])_(?=\S)([^_\n]+?)_(?![\w])/g;

const LINK_CLASS = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200";

/** Inline Markdown as React nodes. */
export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    const [whole, code, label, href, strong, em, underscored] = match;
    const key = nodes.length;
    if (code !== undefined) {
      nodes.push(
        <code key={key} className="rounded bg-slate-100 px-1 py-px font-mono text-[0.875em] text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {code}
        </code>
      );
    } else if (label !== undefined) {
      nodes.push(
        SAFE_HREF.test(href!) ? (
          <a key={key} href={href} className={LINK_CLASS}>
            {renderInline(label)}
          </a>
        ) : (
          <Fragment key={key}>{renderInline(label)}</Fragment>
        )
      );
    } else if (strong !== undefined) {
      nodes.push(<strong key={key}>{renderInline(strong)}</strong>);
    } else {
      nodes.push(<em key={key}>{renderInline(em ?? underscored!)}</em>);
    }
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** Inline Markdown in a span (a field's or an answer's one-line description). */
export function InlineMarkdown({ text, className }: { text: string; className?: string }) {
  return <span className={className}>{renderInline(text)}</span>;
}

type Block = { kind: "p"; text: string } | { kind: "ul"; items: string[] };

/** Paragraphs (separated by blank lines) and `- ` lists; a line indented under a list item continues it. */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let current: Block | null = null;
    for (const line of chunk.split("\n")) {
      if (!line.trim()) continue;
      if (LIST_ITEM.test(line)) {
        const item = line.replace(LIST_ITEM, "").trim();
        if (current?.kind === "ul") current.items.push(item);
        else blocks.push((current = { kind: "ul", items: [item] }));
      } else if (current?.kind === "ul" && /^\s/.test(line)) {
        current.items[current.items.length - 1] += ` ${line.trim()}`;
      } else if (current?.kind === "p") {
        current.text += ` ${line.trim()}`;
      } else {
        blocks.push((current = { kind: "p", text: line.trim() }));
      }
    }
  }
  return blocks;
}

/** Block Markdown: each paragraph a `<p>`, each list a `<ul>`, all with `className`'s text style. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {markdownBlocks(text).map((block, index) =>
        block.kind === "p" ? (
          <p key={index} className={cx(className, index > 0 && "mt-2")}>
            {renderInline(block.text)}
          </p>
        ) : (
          <ul key={index} className={cx(className, "list-disc space-y-1 pl-5", index > 0 && "mt-2")}>
            {block.items.map((item, i) => (
              <li key={i}>{renderInline(item)}</li>
            ))}
          </ul>
        )
      )}
    </>
  );
}
