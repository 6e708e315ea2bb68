import * as z from "zod";
import { highlightInputSchema, type HighlightInput } from "~/lib/highlights";
import { CARD_HINT_MAX, CARD_PASSAGE_MAX, CARD_TEXT_MAX } from "~/lib/review";
import { ARTIFACT_KINDS, CARD_KINDS, CARD_STATES, REVIEW_GRADES } from "~/lib/vocabulary";
import type { ArtifactKind } from "../platform/db-schema.server";
import type { RestoredCard } from "../repos/cards.server";
import type { ImportedLink } from "../repos/links.server";

/**
 * Our own JSON export carries every field of a link and its generated results; importing it
 * restores them as they were, so an enriched link is not enriched (or paid for) again.
 */
const date = z.union([z.string(), z.null()]).transform((value) => (value === null ? null : new Date(value))).refine((value) => value === null || !Number.isNaN(value.getTime()));
const exportedLink = z.object({
  status: z.string(),
  favicon: z.string().nullable().optional(),
  canonical_url: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  reading_minutes: z.number().int().nullable().optional(),
  content_text: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  tag_suggestions: z.array(z.string()).optional(),
  // Which tags, title and description were the user's (exports before decision 040 lack them).
  user_tags: z.array(z.string()).optional(),
  dismissed_tags: z.array(z.string()).optional(),
  title_by_user: z.boolean().optional(),
  description_by_user: z.boolean().optional(),
  code_snippets: z.array(z.object({ language: z.string(), code: z.string() })).optional(),
  enrichment_engine: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
  is_public: z.boolean().optional(),
  shared_at: date.optional(),
  enriched_at: date.optional(),
  created_at: date.optional(),
  // The read state (decision 056; exports before it lack it: unread, in the library).
  read_at: date.optional(),
  archived_at: date.optional(),
  results: z
    .array(
      z.object({
        kind: z.enum(ARTIFACT_KINDS),
        variant: z.string().default(""),
        status: z.string(),
        payload: z.unknown(),
        engine: z.string().nullable().optional(),
        created_at: date.optional(),
      }),
    )
    .optional(),
  // The user's highlights and notes (decision 060), each checked like one made through the API.
  highlights: z.array(z.unknown()).optional(),
  // The review cards with their FSRS state and history (decision 068); each checked on its own.
  cards: z.array(z.unknown()).optional(),
});

const when = z.string().transform((value) => new Date(value)).refine((value) => !Number.isNaN(value.getTime()));
const count = z.number().int().min(0).max(1_000_000);
const exportedCard = z.object({
  highlight_id: z.string().nullable().optional(),
  kind: z.enum(CARD_KINDS),
  front: z.string().min(1).max(CARD_TEXT_MAX),
  back: z.string().min(1).max(CARD_TEXT_MAX),
  hint: z.string().max(CARD_HINT_MAX).nullable().optional(),
  source_text: z.string().max(CARD_PASSAGE_MAX).nullable().optional(),
  source_start: z.number().int().min(0).nullable().optional(),
  suspended: z.boolean().optional(),
  due: when,
  stability: z.number().min(0).max(1e6),
  difficulty: z.number().min(0).max(100),
  elapsed_days: count.optional(),
  scheduled_days: count.optional(),
  learning_steps: count.optional(),
  reps: count,
  lapses: count,
  state: z.enum(CARD_STATES),
  last_review: when.nullable().optional(),
  created_at: when.optional(),
  reviews: z
    .array(z.object({ grade: z.enum(REVIEW_GRADES), reviewed_at: when, state_before: z.enum(CARD_STATES), due_before: when, due_after: when }))
    .max(10_000)
    .optional(),
});

export function restoredFields(payload: unknown): { status: "enriched" | "other"; fields: NonNullable<ImportedLink["restored"]> } | null {
  if (payload === null || payload === undefined) return null;
  const parsed = exportedLink.safeParse(payload);
  if (!parsed.success) return null;
  const link = parsed.data;
  const enriched = link.status === "enriched" && typeof link.summary === "string";
  const own = {
    read_at: link.read_at ?? null,
    archived_at: link.archived_at ?? null,
    ...(link.user_tags ? { user_tags: link.user_tags } : {}),
    ...(link.dismissed_tags ? { dismissed_tags: link.dismissed_tags } : {}),
    ...(link.title_by_user !== undefined ? { title_by_user: link.title_by_user } : {}),
    ...(link.description_by_user !== undefined ? { description_by_user: link.description_by_user } : {}),
  };
  return {
    status: enriched ? "enriched" : "other",
    fields: enriched
      ? {
          favicon: link.favicon ?? null,
          canonical_url: link.canonical_url ?? null,
          language: link.language ?? null,
          reading_minutes: link.reading_minutes ?? null,
          content_text: link.content_text ?? null,
          summary: link.summary ?? null,
          tag_suggestions: link.tag_suggestions ?? [],
          code_snippets: link.code_snippets ?? [],
          enrichment_engine: link.enrichment_engine ?? null,
          category: link.category ?? null,
          is_public: link.is_public ?? false,
          shared_at: link.shared_at ?? null,
          enriched_at: link.enriched_at ?? null,
          created_at: link.created_at ?? undefined,
          notes: link.notes ?? null,
          ...own,
        }
      : { is_public: link.is_public ?? false, shared_at: link.shared_at ?? null, created_at: link.created_at ?? undefined, notes: link.notes ?? null, ...own },
  };
}

/** The finished generated results (quizzes, courses, rephrasings, advanced summaries) to restore. */
export function restoredResults(payload: unknown): Array<{ kind: ArtifactKind; variant: string; payload: unknown; engine: string | null; createdAt: Date | null }> {
  const parsed = exportedLink.safeParse(payload);
  if (!parsed.success) return [];
  return (parsed.data.results ?? [])
    .filter((result) => result.status === "ready")
    .map((result) => ({ kind: result.kind, variant: result.variant, payload: result.payload, engine: result.engine ?? null, createdAt: result.created_at ?? null }));
}

/** The highlights and notes to restore: each as the API would take it, with its first date; one that would not pass is left out. */
export function restoredHighlights(payload: unknown): Array<HighlightInput & { note: string | null; createdAt: Date | null }> {
  const parsed = exportedLink.safeParse(payload);
  if (!parsed.success) return [];
  return (parsed.data.highlights ?? []).flatMap((entry) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { exact, prefix, suffix, start, colour, note, createdAt } = entry as Record<string, unknown>;
    const input = highlightInputSchema.safeParse({ exact, prefix, suffix, start, colour, note: note ?? null });
    if (!input.success) return [];
    const created = typeof createdAt === "string" ? new Date(createdAt) : null;
    return [{ ...input.data, note: input.data.note ?? null, createdAt: created && !Number.isNaN(created.getTime()) ? created : null }];
  });
}

/**
 * The review cards to restore, with their schedule and history; a card that would not pass is
 * left out. A highlight's card names its highlight by the exported highlight's quote and place,
 * which the restored highlight keeps (its id is new).
 */
export function restoredCards(payload: unknown): Array<Omit<RestoredCard, "linkId" | "userId" | "highlightId">> {
  const parsed = exportedLink.safeParse(payload);
  if (!parsed.success) return [];
  const highlights = new Map<string, { exact: string; start: number }>();
  for (const entry of parsed.data.highlights ?? []) {
    const { id, exact, start } = (entry ?? {}) as Record<string, unknown>;
    if (typeof id === "string" && typeof exact === "string" && typeof start === "number") highlights.set(id, { exact, start });
  }
  return (parsed.data.cards ?? []).flatMap((entry) => {
    const card = exportedCard.safeParse(entry);
    if (!card.success) return [];
    const c = card.data;
    return [
      {
        highlight: c.highlight_id ? (highlights.get(c.highlight_id) ?? null) : null,
        kind: c.kind,
        front: c.front,
        back: c.back,
        hint: c.hint ?? null,
        sourceText: c.source_text ?? null,
        sourceStart: c.source_start ?? null,
        suspended: c.suspended ?? false,
        due: c.due,
        stability: c.stability,
        difficulty: c.difficulty,
        elapsedDays: c.elapsed_days ?? 0,
        scheduledDays: c.scheduled_days ?? 0,
        learningSteps: c.learning_steps ?? 0,
        reps: c.reps,
        lapses: c.lapses,
        state: c.state,
        lastReview: c.last_review ?? null,
        createdAt: c.created_at ?? null,
        reviews: (c.reviews ?? []).map((r) => ({ grade: r.grade, reviewedAt: r.reviewed_at, stateBefore: r.state_before, dueBefore: r.due_before, dueAfter: r.due_after })),
      },
    ];
  });
}
