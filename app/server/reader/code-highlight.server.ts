/**
 * Code blocks in the reader, coloured by their language (issue #35): highlight.js over the text of
 * each `<pre><code class="language-…">` the sanitiser kept. It runs on sanitised HTML and emits
 * only the code's text, escaped, inside `<span class="hljs-…">`: nothing of the page's markup
 * passes through it. A block whose language we do not know, or that holds markup (links, marks),
 * is left as it was. highlight.js loads at the first code block (decision 059), with the
 * languages people save tutorials in, not all 190.
 */
import { createRequire } from "node:module";
import type { HLJSApi, LanguageFn } from "highlight.js";

const require = createRequire(import.meta.url);

/** Our name for each language → highlight.js's module for it. Aliases (js, ts, py, sh…) come with each. */
const LANGUAGES = [
  "bash", "c", "cpp", "csharp", "css", "diff", "dockerfile", "go", "graphql", "ini", "java", "javascript", "json",
  "kotlin", "makefile", "markdown", "php", "plaintext", "python", "ruby", "rust", "scss", "shell", "sql", "swift",
  "typescript", "xml", "yaml",
] as const;

/** A block longer than this is shown plain: colouring it would cost more than it helps. */
const MAX_CODE_CHARS = 100_000;

let engine: HLJSApi | undefined;
function hljs(): HLJSApi {
  if (!engine) {
    const core = require("highlight.js/lib/core") as HLJSApi;
    for (const name of LANGUAGES) core.registerLanguage(name, require(`highlight.js/lib/languages/${name}`) as LanguageFn);
    engine = core;
  }
  return engine;
}

const CODE_BLOCK = /<pre([^>]*)><code class="(?:language|lang)-([\w+#.-]{1,40})">([^<]*)<\/code><\/pre>/g;
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'", "&#x27;": "'", "&nbsp;": "\u00a0" };

function decoded(html: string): string {
  return html.replace(/&(?:lt|gt|amp|quot|nbsp|#39|#x27);/g, (entity) => ENTITIES[entity]!);
}

/** The language highlight.js knows by this name or alias, if any (`language-ts` → typescript). */
function languageOf(name: string): string | undefined {
  const known = hljs().getLanguage(name.toLowerCase());
  return known ? name.toLowerCase() : undefined;
}

/** Sanitised article HTML with its code blocks of a known language coloured. */
export function highlightCodeBlocks(html: string): string {
  if (!html.includes("<code class=\"lang")) return html;
  return html.replace(CODE_BLOCK, (block, preAttributes: string, name: string, escaped: string) => {
    if (escaped.length > MAX_CODE_CHARS) return block;
    const language = languageOf(name);
    if (!language) return block;
    const { value } = hljs().highlight(decoded(escaped), { language, ignoreIllegals: true });
    return `<pre${preAttributes}><code class="hljs language-${language}" data-language="${language}">${value}</code></pre>`;
  });
}
