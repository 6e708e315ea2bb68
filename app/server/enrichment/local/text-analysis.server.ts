/**
 * Plain extractive text analysis: sentence scoring for summaries and keyword scoring for
 * tags. Honest work from the page's own words; no model involved.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between
both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further
get gets got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how
how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's like make makes many may me might more most
much must mustn't my myself new no nor not now of off on once one only or other ought our ours ourselves out over own
same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then
there there's these they they'd they'll they're they've this those through to too two under until up upon us use used
using very via was wasn't way we we'd we'll we're we've well were weren't what what's when when's where where's which
while who who's whom why why's will with won't would wouldn't yet you you'd you'll you're you've your yours yourself
yourselves also however therefore thus still even every another without within across along around among first second
last next back see read click share subscribe cookie cookies privacy newsletter sign login menu home page site website
post posts article articles comment comments reply copyright rights reserved skip content www http https com org html
year years time times day days things thing lot lots example examples really need needs want good great best better
work works working part parts kind kinds right left start end single gets make take takes give gives know`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Sentence ends: . ! ? (and their CJK forms), with any closing quote or bracket after them, followed
 * by space and a capital, digit, quote or opening mark; not "a.m."/"p.m." before a day or a time zone ("at 11:30 a.m. Thursday").
 */
const SENTENCE_END = /(?<=[.!?。！？]["'”’»)]*)(?<!\b[ap]\.m\.(?=\s+(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|[A-Z]{2,4}T)\b))\s+(?=[\p{Lu}\p{N}"“„«'(\[¿¡])/u;

/** A full stop that ends an abbreviation or an initial, not a sentence: "U.S. District", "Dr. Smith", "J. Smith". */
const ABBREVIATION = /(?:^|[\s(])(?:\p{Lu}\.)+$|\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Gen|Gov|Sen|Rep|Col|Lt|Sgt|Capt|No|vs|etc|Inc|Ltd|Co|Corp|Mt|Fig|approx|e\.g|i\.e|M|Mme|Mlle|Nr|bzw|ca|z\.B|Sra|Dra)\.$/u;

/** Where a paragraph ends: a blank line, and with `listItems` also a line break before a list item ("- ", "• ", "2. "). */
const PARAGRAPH = /\n{2,}/;
const PARAGRAPH_OR_ITEM = /\n{2,}|\n(?=\s*(?:[-•*]|\d+[.)])\s)/;

export interface SplitOptions {
  /** Also end a sentence where a list item starts on the next line (the learning features read lists as steps). */
  listItems?: boolean;
}

/** The text's sentences, paragraph by paragraph (a paragraph break always ends one); whitespace collapsed. */
export function splitSentences(text: string, { listItems = false }: SplitOptions = {}): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(listItems ? PARAGRAPH_OR_ITEM : PARAGRAPH)) {
    let pending = "";
    for (const part of paragraph.split(SENTENCE_END)) {
      const sentence = part.replace(/\s+/g, " ").trim();
      if (!sentence) continue;
      pending = pending ? `${pending} ${sentence}` : sentence;
      if (!ABBREVIATION.test(pending)) {
        sentences.push(pending);
        pending = "";
      }
    }
    if (pending) sentences.push(pending);
  }
  return sentences;
}

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.-]*[\p{L}\p{N}+#]|[\p{L}]{2,}/gu) ?? []).filter(
    (word) => word.length >= 3 && !STOP_WORDS.has(word) && !/^\d+([.,]\d+)*$/.test(word),
  );
}

function frequencies(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

export interface ScoredSentence {
  sentence: string;
  index: number;
  score: number;
}

/**
 * Every full sentence of the text, scored by the frequency of its content words (normalised
 * by length), a bonus for words of the title, and a small bonus for coming early.
 */
export function scoreSentences(text: string, title = "", tokens?: string[]): ScoredSentence[] {
  const sentences = splitSentences(text).filter((s) => s.length >= 40 && s.length <= 400 && /[.!?。！？]$/.test(s));
  const freq = frequencies(tokens ?? words(text));
  const top = Math.max(...freq.values(), 1);
  const titleWords = new Set(words(title));
  return sentences.map((sentence, index) => {
    const tokens = words(sentence);
    if (tokens.length === 0) return { sentence, index, score: 0 };
    const weight = tokens.reduce((sum, token) => sum + (freq.get(token) ?? 0) / top, 0) / Math.sqrt(tokens.length);
    const titleBonus = tokens.filter((t) => titleWords.has(t)).length * 0.15;
    const positionBonus = index < 3 ? 0.2 - index * 0.05 : 0;
    return { sentence, index, score: weight + titleBonus + positionBonus };
  });
}

/** The `count` best sentences, in page order. */
export function topSentences(scored: ScoredSentence[], count: number): ScoredSentence[] {
  return [...scored]
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
}

/** The `count` most representative sentences, in their original order, within `maxChars`. */
export function extractiveSummary(text: string, { title = "", count = 3, maxChars = 600, tokens }: { title?: string; count?: number; maxChars?: number; tokens?: string[] } = {}): string {
  const scored = scoreSentences(text, title, tokens);
  if (scored.length === 0) return text.replace(/\s+/g, " ").trim().slice(0, maxChars);
  let summary = "";
  for (const { sentence } of topSentences(scored, count)) {
    if (summary && summary.length + sentence.length + 1 > maxChars) break;
    summary = summary ? `${summary} ${sentence}` : sentence;
  }
  return summary.slice(0, maxChars);
}

/** The page's key terms, most important first (title and headings count extra). */
export function keyTerms(input: { text: string; title?: string | null; headings?: string[] }, count = 12): string[] {
  const freq = frequencies(words(input.text));
  for (const word of words(input.title ?? "")) freq.set(word, (freq.get(word) ?? 0) + 4);
  for (const word of words((input.headings ?? []).join(" "))) freq.set(word, (freq.get(word) ?? 0) + 2);
  return [...freq.entries()]
    .filter(([word, n]) => n >= 2 && word.length >= 4 && /\p{L}/u.test(word))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([word]) => word);
}
