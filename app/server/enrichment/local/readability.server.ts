/**
 * Flesch reading ease (higher is easier; 60–70 is plain English, below 30 is academic), with
 * each language's published adaptation: Kandel & Moles for French, Amstad for German,
 * Fernández Huerta for Spanish, Flesch's own formula for English and the rest. Syllables are
 * estimated from vowel groups, the usual way for these formulas.
 */
import { learningLanguage, sentencesOf } from "./learning-text.server";

const FORMULAS = {
  en: { base: 206.835, perWord: 1.015, perSyllable: 84.6 },
  fr: { base: 207, perWord: 1.015, perSyllable: 73.6 },
  de: { base: 180, perWord: 1, perSyllable: 58.5 },
  es: { base: 206.84, perWord: 1.02, perSyllable: 60 },
} as const;

export function syllables(word: string, lang = "en"): number {
  let w = word.toLowerCase().replace(/[^\p{L}]/gu, "");
  if (!w) return 0;
  const code = learningLanguage(lang);
  if (code === "en") {
    if (w.length <= 3) return 1;
    w = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, "").replace(/^y/, "");
    return Math.max(1, (w.match(/[aeiouy]{1,2}/g) ?? []).length);
  }
  if (code === "fr") w = w.replace(/(?:es|ent|e)$/, "") || w;
  const groups = code === "de" ? /(?:ei|ie|au|eu|äu|[aeiouyäöü])/g : /[aeiouyàâäéèêëîïôöùûüáíóú]+/g;
  return Math.max(1, (w.match(groups) ?? []).length);
}

export interface ReadabilityCounts {
  sentences: number;
  words: number;
  syllables: number;
}

export function readabilityCounts(text: string, lang = "en"): ReadabilityCounts {
  // Lines count as sentences too: glossary entries and list items end where their line ends.
  const sentences = text
    .split(/\n+/)
    .flatMap((line) => sentencesOf(line))
    .filter((s) => /\p{L}/u.test(s)).length;
  const wordList = text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  return { sentences: Math.max(1, sentences), words: wordList.length, syllables: wordList.reduce((n, w) => n + syllables(w, lang), 0) };
}

export function fleschReadingEase(text: string, lang = "en"): number {
  const counts = readabilityCounts(text, lang);
  if (counts.words === 0) return 0;
  const formula = FORMULAS[learningLanguage(lang)];
  return formula.base - formula.perWord * (counts.words / counts.sentences) - formula.perSyllable * (counts.syllables / counts.words);
}

/** Average words per sentence. */
export function wordsPerSentence(text: string): number {
  const counts = readabilityCounts(text);
  return counts.words / counts.sentences;
}
