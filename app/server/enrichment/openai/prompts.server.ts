import { CATEGORIES, type Difficulty } from "~/lib/enrichment";

/**
 * Every prompt the product sends to a model. Answers are written in the page's language
 * unless the user prefers another.
 */
function languageRule(language: string | null, preferred?: string | null): string {
  if (preferred) return `Write in the language with code "${preferred}".`;
  return language ? `Write in the page's language (code "${language}").` : "Write in the page's own language.";
}

const categories = Object.entries(CATEGORIES)
  .map(([slug, label]) => `${slug} (${label})`)
  .join(", ");

export const prompts = {
  chunkSummary(input: { title: string | null; chunk: string; index: number; total: number; language: string | null }) {
    return {
      name: "chunk_summary",
      system: `You summarise part ${input.index + 1} of ${input.total} of a web page for a reader who saved it. ${languageRule(input.language)} Keep facts, names and numbers; no opinions.`,
      user: `Page title: ${input.title ?? "(none)"}\n\nPart ${input.index + 1}:\n${input.chunk}`,
    };
  },

  basic(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null; summaryLength?: string }) {
    const length = input.summaryLength === "long" ? "5 to 7 sentences" : input.summaryLength === "short" ? "1 or 2 sentences" : "2 to 4 sentences";
    return {
      name: "basic_enrichment",
      system: `You enrich a saved web page. Give a summary of ${length}, 3 to 6 short lower-case tags, up to 5 further suggested tags, and the one category that fits best, from: ${categories}. ${languageRule(input.language, input.preferredLanguage)}`,
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}`,
    };
  },

  advanced(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null }) {
    return {
      name: "advanced_summary",
      system: `You write an advanced summary of a saved web page: one or two paragraphs, then 3 to 7 key points, each one sentence. ${languageRule(input.language, input.preferredLanguage)}`,
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}`,
    };
  },

  quiz(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null }) {
    return {
      name: "quiz",
      system: `You write a quiz of exactly 5 multiple-choice questions about a web page, to check a reader understood it. Each question has exactly 4 options, the index (0-3) of the right one, and a one-line explanation. Wrong options must be plausible. ${languageRule(input.language, input.preferredLanguage)}`,
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}`,
    };
  },

  rephrase(input: { title: string | null; text: string; level: Difficulty; language: string | null; preferredLanguage?: string | null }) {
    const style = {
      beginner: "for a beginner: short sentences, everyday words, and explain every technical term in passing",
      intermediate: "for a reader who knows the basics: clear and direct, technical terms kept",
      expert: "for an expert: dense and precise, no basic explanations",
    }[input.level];
    return {
      name: "rephrase",
      system: `You rephrase the summary of a web page ${style}. ${languageRule(input.language, input.preferredLanguage)}`,
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}`,
    };
  },

  course(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null; level?: Difficulty }) {
    return {
      name: "course",
      system: `You turn a web page into a mini-course of 3 to 7 lessons${input.level ? ` for a ${input.level} learner` : ""}. Each lesson has a title, a learning objective, its content (a few paragraphs drawn from the page) and one check question. ${languageRule(input.language, input.preferredLanguage)}`,
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}`,
    };
  },
};
