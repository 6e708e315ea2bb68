import * as z from "zod";
import type { PublicHighlight } from "./highlights";

/** The reader's settings (issue 35), remembered per user in user_preferences. */
export const READER_FONT_SIZES = ["small", "medium", "large", "x-large"] as const;
export type ReaderFontSize = (typeof READER_FONT_SIZES)[number];
export const READER_WIDTHS = ["narrow", "medium", "wide"] as const;
export type ReaderWidth = (typeof READER_WIDTHS)[number];

export const READER_FONT_SIZE_LABELS: Record<ReaderFontSize, string> = { small: "Small", medium: "Medium", large: "Large", "x-large": "Extra large" };
export const READER_WIDTH_LABELS: Record<ReaderWidth, string> = { narrow: "Narrow", medium: "Medium", wide: "Wide" };

export interface ReaderSettings {
  fontSize: ReaderFontSize;
  width: ReaderWidth;
}
export const DEFAULT_READER_SETTINGS: ReaderSettings = { fontSize: "medium", width: "medium" };

export const readerSettingsSchema = z.object({ fontSize: z.enum(READER_FONT_SIZES), width: z.enum(READER_WIDTHS) }).strict();
/** PUT /api/links/{id}/reading-position: how far down the article the reader is, 0 (top) to 1 (end). */
export const readingPositionSchema = z.object({ progress: z.number().min(0).max(1) }).strict();

/**
 * The column's measure in characters (`ch` of the body font): every width stays within 60–75
 * characters a line, the readable range; the font size scales the characters, not their count.
 */
export const READER_MEASURE_CH: Record<ReaderWidth, number> = { narrow: 60, medium: 68, wide: 75 };
export const READER_FONT_PX: Record<ReaderFontSize, number> = { small: 16, medium: 18, large: 20, "x-large": 23 };

/** "N min left" from the whole article's minutes and how far down it the reader is. */
export function minutesLeft(readingMinutes: number | null, progress: number): number | null {
  if (readingMinutes === null || readingMinutes <= 0) return null;
  return Math.max(0, Math.ceil(readingMinutes * (1 - Math.min(1, Math.max(0, progress)))));
}

/** What the reader page is given (GET /links/{id}/read's loader). */
export interface ReaderArticle {
  id: string;
  url: string;
  title: string;
  siteName: string | null;
  byline: string | null;
  publishedAt: string | null;
  readingMinutes: number | null;
  /** Our path for the page's lead image, when the article does not show it itself. */
  leadImage: string | null;
  /** The article, sanitised on the server (decision 055); null: the reader shows `text` instead. */
  html: string | null;
  /** The page's stored text (blocks split by blank lines) for a page kept without HTML (a PDF, a page read as text). */
  text: string | null;
  /** How far the owner had read, 0..1. */
  progress: number;
  /** When the owner marked it read (decision 056), or null: Unread. */
  readAt: string | null;
  settings: ReaderSettings;
  /** Whether the link is public, and its highlights shown on its share page (decision 060). */
  isPublic: boolean;
  shareHighlights: boolean;
  /** The owner's highlights and notes, oldest first (decision 060). */
  highlights: PublicHighlight[];
}
