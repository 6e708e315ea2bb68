/**
 * A page kept as text only (a PDF, a page read by the heuristic, a plain-text document): its
 * blocks as paragraphs, a block of "- " lines as a list. Built as React elements from the text,
 * so nothing of the page is ever parsed as HTML here.
 */
export function TextArticle({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => {
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
        return <p key={i}>{block}</p>;
      })}
    </>
  );
}
