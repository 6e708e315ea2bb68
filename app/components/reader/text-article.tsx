import { headingOf } from "~/lib/stored-text";

/**
 * A page kept as text only (a PDF, a page read by the heuristic, a plain-text document): its
 * blocks as paragraphs, a "## " block as a heading (the stored text keeps them, issue 36), a block
 * of "- " lines as a list and of "1. " lines as a numbered list. Built as React elements from the
 * text, so nothing of the page is ever parsed as HTML here.
 */
export function TextArticle({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => {
        const heading = headingOf(block);
        // The page's title is the reader's h1: the page's headings sit below it.
        if (heading) return heading.level <= 2 ? <h2 key={i}>{heading.text}</h2> : <h3 key={i}>{heading.text}</h3>;
        const lines = block.split("\n");
        if (lines.every((line) => /^\s*- /.test(line))) {
          return (
            <ul key={i}>
              {lines.map((line, j) => (
                <li key={j}>{line.replace(/^\s*- /, "")}</li>
              ))}
            </ul>
          );
        }
        if (lines.every((line) => /^\s*\d+[.)] /.test(line))) {
          return (
            <ol key={i} start={Number.parseInt(lines[0]!, 10) || 1}>
              {lines.map((line, j) => (
                <li key={j}>{line.replace(/^\s*\d+[.)] /, "")}</li>
              ))}
            </ol>
          );
        }
        return <p key={i}>{block}</p>;
      })}
    </>
  );
}
