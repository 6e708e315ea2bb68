import * as z from "zod";

// The plain constants live apart from the zod schemas so public pages can use them without
// loading zod in the browser.
export { CATEGORIES, CATEGORY_SLUGS, DIFFICULTY_LEVELS, type CategorySlug, type Difficulty } from "./categories";
import { CATEGORY_SLUGS } from "./categories";

/** What a model must answer for each task; every answer is parsed with these before it is stored. */
export const basicEnrichmentSchema = z.object({
  summary: z.string().min(1).max(2_000),
  tags: z.array(z.string().min(1).max(40)).min(1).max(8),
  category: z.enum(CATEGORY_SLUGS),
  /** More tags the reader may want; offered for accepting or dismissing (Scout and up). */
  suggestedTags: z.array(z.string().min(1).max(40)).max(8).optional(),
});
export type BasicEnrichment = z.infer<typeof basicEnrichmentSchema>;

export const advancedSummarySchema = z.object({
  summary: z.string().min(1).max(5_000),
  keyPoints: z.array(z.string().min(1).max(500)).min(3).max(7),
});
export type AdvancedSummary = z.infer<typeof advancedSummarySchema>;

export const quizSchema = z.object({
  questions: z
    .array(
      z.object({
        question: z.string().min(1).max(500),
        options: z.array(z.string().min(1).max(300)).length(4),
        answerIndex: z.number().int().min(0).max(3),
        explanation: z.string().min(1).max(500),
      }),
    )
    .length(5),
});
export type Quiz = z.infer<typeof quizSchema>;

export const rephraseSchema = z.object({ text: z.string().min(1).max(5_000) });
export type Rephrase = z.infer<typeof rephraseSchema>;

export const courseSchema = z.object({
  title: z.string().min(1).max(200),
  lessons: z
    .array(
      z.object({
        title: z.string().min(1).max(200),
        objective: z.string().min(1).max(500),
        content: z.string().min(1).max(4_000),
        checkQuestion: z.string().min(1).max(500),
      }),
    )
    .min(3)
    .max(7),
});
export type Course = z.infer<typeof courseSchema>;

export const chunkSummarySchema = z.object({ summary: z.string().min(1).max(3_000), keyTerms: z.array(z.string()).max(15) });
