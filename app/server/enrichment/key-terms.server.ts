import { definitionsOf, learningLanguage } from "./local/learning-text.server";

/** A term the page defines, with the sentence that defines it and where that sentence begins in the text (null when it was rewrapped). */
export interface KeyTerm {
  term: string;
  sentence: string;
  start: number | null;
}

/**
 * The key terms a page defines ("X is a …", "X refers to …"), read by the engine's own definition
 * finder (the one the glossary, quiz and course use), never the title. What the reader's "Add key
 * terms to review" offers; nothing is stored here.
 */
export function keyTermsOf(page: { text: string; title: string | null; language: string | null }, max = 20): KeyTerm[] {
  const lang = learningLanguage(page.language);
  return definitionsOf(page.text, lang, { exclude: page.title ? [page.title] : [] })
    .slice(0, max)
    .map((d) => {
      const at = page.text.indexOf(d.sentence);
      return { term: d.term, sentence: d.sentence, start: at >= 0 ? at : null };
    });
}
