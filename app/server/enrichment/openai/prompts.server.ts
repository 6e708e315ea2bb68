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

  basic(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null; summaryLength?: string; existingTags?: string[] }) {
    const length = input.summaryLength === "long" ? "5 to 7 sentences" : input.summaryLength === "short" ? "1 or 2 sentences" : "2 to 4 sentences";
    // A small vocabulary: the user's own tags first, in their spelling, new ones only for what they do not cover.
    const theirs = input.existingTags?.length
      ? ` The user already tags links with: ${input.existingTags.map((tag) => JSON.stringify(tag)).join(", ")}. Use these, spelled exactly so, whenever one fits the page, and add a new tag only for a main subject none of them covers.`
      : "";
    return {
      name: "basic_enrichment",
      system: `You enrich a saved web page. Give a summary of ${length}, 3 to 6 short lower-case tags (one or two words each), up to 5 further suggested tags, and the one category that fits best, from: ${categories}.${theirs} ${languageRule(input.language, input.preferredLanguage)}`,
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

  quiz(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null; codeSnippets?: string[] }) {
    const code = input.codeSnippets?.length ? `\n\nCode shown on the page:\n${input.codeSnippets.map((c) => `---\n${c}`).join("\n")}` : "";
    return {
      name: "quiz",
      system: [
        "You write a quiz of exactly 5 multiple-choice questions that a teacher would ask to check a reader understood a web page.",
        "Mix the kinds the page supports: a definition (which term the page defines as …), a cause or effect (why …, what follows from …), the order of steps (which step comes after …), and, only when the page shows a small code snippet together with its result, what that snippet returns. Fill the rest with questions on the page's central facts.",
        "Every question has exactly 4 options and the index (0-3) of the right one; put the right answer at different positions across the questions.",
        "The 3 wrong options are of the same kind as the answer (a term for a term, a number with the same number of digits for a number, a clause for a clause), are taken from the page where possible, and are clearly wrong according to the page.",
        "The answer must not appear in the question in any form (not even as a plural or another inflection), and no option may repeat another.",
        "The explanation quotes the sentence of the page that gives the answer, in quotation marks. Keep a question under 450 characters, an option under 250, an explanation under 450.",
        languageRule(input.language, input.preferredLanguage),
      ].join(" "),
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}${code}`,
    };
  },

  rephrase(input: { title: string | null; text: string; level: Difficulty; language: string | null; preferredLanguage?: string | null }) {
    const style = {
      beginner:
        "for a beginner: sentences of 15 words or fewer, one idea each; everyday words instead of technical or Latinate ones; no semicolons. Then add a short list headed \"Words to know\" (in the output language) with up to 4 key terms, each defined in one short sentence, using the page's own definition where it gives one. Never use the page's title as a definition. The text must read clearly more easily than the summary (a Flesch reading ease at least 15 points higher)",
      intermediate:
        "for a reader who knows the basics: clear and direct, technical terms kept and used precisely. Rewrite it in your own sentences and add the one most useful fact from the summary's context; do not copy the summary",
      expert:
        "for an expert: dense and precise prose in full sentences (no lists, no fragments joined by semicolons), no basic explanations, every sentence carrying a fact, mechanism or number",
    }[input.level];
    return {
      name: "rephrase",
      system: `You rephrase the summary of a web page ${style}. Stay faithful to the summary: add no claims it does not support. Keep under 4,500 characters. ${languageRule(input.language, input.preferredLanguage)}`,
      user: `Title: ${input.title ?? "(none)"}\n\n${input.text}`,
    };
  },

  course(input: { title: string | null; text: string; language: string | null; preferredLanguage?: string | null; level?: Difficulty; headings?: string[] }) {
    const outline = input.headings?.length ? `\n\nThe page's headings, in order:\n${input.headings.map((h) => `- ${h}`).join("\n")}` : "";
    return {
      name: "course",
      system: [
        `You turn a web page into a mini-course of 3 to 7 lessons${input.level ? ` for a ${input.level} learner` : ""}.`,
        "Follow the page's own structure: one lesson per section (its headings, in order), merging sections that are too short.",
        "Each lesson has a title (the section's heading or a short name for it), one learning objective written as a sentence a teacher would write, starting with a verb such as Explain, Compare, Define, Describe or List (for example \"Explain how B-tree indexes keep keys sorted.\"), its content as 2 to 4 key points drawn from the page, one per line starting with \"• \", and one check question the lesson's content answers.",
        "Keep titles under 150 characters, objectives and check questions under 400, content under 3,500.",
        languageRule(input.language, input.preferredLanguage),
      ].join(" "),
      user: `Title: ${input.title ?? "(none)"}${outline}\n\n${input.text}`,
    };
  },
};
