/**
 * The keyphrase baseline of `npm run eval`: TF-IDF over candidate n-grams (1–3 words, not starting
 * or ending with a stop word, not crossing punctuation), with document frequencies from the data
 * set itself, as pke's TfIdf does with a corpus.
 */
import stopwords from "stopwords-iso";
import { normalisePhrase } from "./eval-metrics";

function candidates(text: string, lang: string): Map<string, { surface: string; count: number }> {
  const stop = new Set(stopwords[lang] ?? []);
  const found = new Map<string, { surface: string; count: number }>();
  for (const chunk of text.toLowerCase().split(/[^\p{L}\p{N}\s'-]+|\n+/u)) {
    const tokens = chunk.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
    for (let i = 0; i < tokens.length; i++) {
      for (let n = 1; n <= 3 && i + n <= tokens.length; n++) {
        const gram = tokens.slice(i, i + n);
        if (stop.has(gram[0]!) || stop.has(gram[n - 1]!) || gram.some((t) => /^\d+$/.test(t) || t.length < 2)) continue;
        const surface = gram.join(" ");
        const key = normalisePhrase(surface, lang);
        const entry = found.get(key);
        if (entry) entry.count++;
        else found.set(key, { surface, count: 1 });
      }
    }
  }
  return found;
}

export function documentFrequencies(texts: string[], lang: string): Map<string, number> {
  const df = new Map<string, number>();
  for (const text of texts) for (const key of candidates(text, lang).keys()) df.set(key, (df.get(key) ?? 0) + 1);
  return df;
}

export function tfidfBaseline(text: string, df: Map<string, number>, documents: number, lang: string, k: number): string[] {
  return [...candidates(text, lang).entries()]
    .map(([key, { surface, count }]) => ({ surface, score: count * Math.log(documents / (df.get(key) ?? 1)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((c) => c.surface);
}
