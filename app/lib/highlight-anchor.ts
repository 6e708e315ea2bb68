/**
 * Where a highlight sits in an article's text (decision 060): pure functions over the text (the
 * reader's article element's textContent), so the same rules hold in the browser and in tests.
 *
 * A highlight keeps a text-quote selector (the exact text, with some text before and after it)
 * and the position where it began. Anchoring tries the quote first: every place the exact text
 * occurs (as it is, else with runs of white space counted as one), scored by how much of the
 * prefix and suffix agree, ties going to the place nearest the old position. A re-extracted
 * article whose text moved keeps its highlights; one whose quoted text is gone lists them as not
 * placed, never drops them.
 */
import { HIGHLIGHT_CONTEXT_CHARS } from "./highlights";

export interface TextQuote {
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
}

export interface TextRange {
  start: number;
  end: number;
}

/** The selector for text[start, end): what a new highlight stores. */
export function quoteAt(text: string, range: TextRange): TextQuote {
  return {
    exact: text.slice(range.start, range.end),
    prefix: text.slice(Math.max(0, range.start - HIGHLIGHT_CONTEXT_CHARS), range.start),
    suffix: text.slice(range.end, range.end + HIGHLIGHT_CONTEXT_CHARS),
    start: range.start,
  };
}

/** A selection trimmed of white space at either end (a double-click often takes a trailing space); null when nothing is left. */
export function trimRange(text: string, range: TextRange): TextRange | null {
  let { start, end } = range;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}

/** How many characters at the end of `a` and `b` agree. */
function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** How many characters at the start of `a` and `b` agree. */
function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The text with each run of white space as one space, and where each of its characters was in the original. */
function collapsed(text: string): { text: string; origin: number[] } {
  let out = "";
  const origin: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const space = /\s/.test(text[i]!);
    if (space && inSpace) continue;
    inSpace = space;
    out += space ? " " : text[i];
    origin.push(i);
  }
  origin.push(text.length);
  return { text: out, origin };
}

const squeeze = (value: string) => value.replace(/\s+/g, " ");

/** The best of the candidate places of `exact` in `text`: most context agreeing, then nearest the hint. */
function best(text: string, quote: TextQuote, exactLength: number, candidates: number[], hint: number): number {
  let chosen = candidates[0]!;
  let chosenScore = -1;
  let chosenDistance = Infinity;
  for (const at of candidates) {
    const score = commonSuffix(text.slice(Math.max(0, at - quote.prefix.length), at), quote.prefix) + commonPrefix(text.slice(at + exactLength, at + exactLength + quote.suffix.length), quote.suffix);
    const distance = Math.abs(at - hint);
    if (score > chosenScore || (score === chosenScore && distance < chosenDistance)) {
      chosen = at;
      chosenScore = score;
      chosenDistance = distance;
    }
  }
  return chosen;
}

/** Where the quote is in `text` now, or null when its exact text is no longer there. */
export function anchorQuote(text: string, quote: TextQuote): TextRange | null {
  if (!quote.exact) return null;
  // The fast path: the text has not moved.
  if (text.startsWith(quote.exact, quote.start) && text.slice(Math.max(0, quote.start - quote.prefix.length), quote.start).endsWith(quote.prefix) && text.startsWith(quote.suffix, quote.start + quote.exact.length)) {
    return { start: quote.start, end: quote.start + quote.exact.length };
  }
  const exact = occurrences(text, quote.exact);
  if (exact.length) {
    const at = best(text, quote, quote.exact.length, exact, quote.start);
    return { start: at, end: at + quote.exact.length };
  }
  // White space the extraction wrote differently (line breaks, indentation): compare with runs as one space.
  const flat = collapsed(text);
  const needle = squeeze(quote.exact).trim();
  const loose = occurrences(flat.text, needle);
  if (!loose.length) return null;
  const hint = flat.origin.findIndex((origin) => origin >= quote.start);
  const at = best(flat.text, { ...quote, prefix: squeeze(quote.prefix), suffix: squeeze(quote.suffix) }, needle.length, loose, hint === -1 ? flat.text.length : hint);
  return { start: flat.origin[at]!, end: flat.origin[at + needle.length - 1]! + 1 };
}

/** Each highlight's place in `text`, or null for one that could not be placed. */
export function anchorAll<T extends TextQuote>(text: string, quotes: readonly T[]): Array<{ quote: T; range: TextRange | null }> {
  return quotes.map((quote) => ({ quote, range: anchorQuote(text, quote) }));
}
