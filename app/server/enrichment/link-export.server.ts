import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as z from "zod";
import type { PublicHighlight } from "~/lib/highlights";
import { advancedSummarySchema, courseSchema, quizSchema, rephraseSchema, type AdvancedSummary, type Course, type Quiz } from "~/lib/enrichment";
import type { Link, LinkArtifact } from "../platform/db-schema.server";

/** Everything stored for a link, in reading order, for the Markdown and PDF exports. */
interface ExportContent {
  link: Link;
  advanced: AdvancedSummary | null;
  quiz: Quiz | null;
  rephrasings: Array<{ level: string; text: string }>;
  course: Course | null;
  /** The owner's highlights and notes, oldest first (decision 060). */
  highlights: PublicHighlight[];
}

export function exportContent(link: Link, artifacts: LinkArtifact[], highlights: PublicHighlight[] = []): ExportContent {
  const ready = (kind: LinkArtifact["kind"]) => artifacts.filter((a) => a.kind === kind && a.status === "ready");
  // A result stored under an older shape is left out rather than failing the whole export.
  const valid = <T>(schema: z.ZodType<T>, payload: unknown): T | null => {
    const parsed = schema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  };
  const first = <T>(kind: LinkArtifact["kind"], schema: z.ZodType<T>): T | null =>
    ready(kind)
      .map((a) => valid(schema, a.payload))
      .find((payload) => payload !== null) ?? null;
  return {
    link,
    advanced: first("advanced", advancedSummarySchema),
    quiz: first("quiz", quizSchema),
    rephrasings: ready("rephrase").flatMap((a) => {
      const rephrase = valid(rephraseSchema, a.payload);
      return rephrase ? [{ level: a.variant, text: rephrase.text }] : [];
    }),
    course: first("course", courseSchema),
    highlights,
  };
}

export function exportFileName(link: Link, extension: string): string {
  const base = (link.title ?? "link").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 60) || "link";
  return `${base}.${extension}`;
}

/** The quiz's answers, one line a question: printed at the end of an export, so a reader can try the questions first. */
export function answerKey(quiz: Quiz): string[] {
  return quiz.questions.map((q, i) => `${i + 1}. ${String.fromCharCode(97 + q.answerIndex)}) ${q.options[q.answerIndex]} — ${q.explanation}`);
}

/** A highlight as Markdown: the passage quoted (every line), then its note. */
export function highlightMarkdown(highlight: PublicHighlight): string[] {
  const lines = highlight.exact.split(/\r?\n/).map((line) => `> ${line}`.trimEnd());
  return highlight.note ? [...lines, "", `Note: ${highlight.note}`, ""] : [...lines, ""];
}

export function toMarkdown({ link, advanced, quiz, rephrasings, course, highlights }: ExportContent): string {
  const lines: string[] = [`# ${link.title ?? link.url}`, "", `<${link.url}>`, ""];
  if (link.description) lines.push(`> ${link.description}`, "");
  if (link.tags.length) lines.push(`Tags: ${link.tags.map((t) => `#${t}`).join(" ")}`, "");
  if (link.summary) lines.push("## Summary", "", link.summary, "");
  if (link.notes) lines.push("## Notes", "", link.notes, "");
  if (highlights.length) {
    lines.push("## Highlights", "");
    for (const highlight of highlights) lines.push(...highlightMarkdown(highlight));
  }
  if (advanced) {
    lines.push("## Advanced summary", "", advanced.summary, "", "### Key points", "", ...advanced.keyPoints.map((p) => `- ${p}`), "");
  }
  for (const r of rephrasings) lines.push(`## Summary for ${r.level}s`, "", r.text, "");
  if (link.code_snippets.length) {
    lines.push("## Code", "");
    for (const snippet of link.code_snippets) lines.push("```" + snippet.language, snippet.code, "```", "");
  }
  if (quiz) {
    lines.push("## Quiz", "");
    quiz.questions.forEach((q, i) => {
      lines.push(`${i + 1}. ${q.question}`, ...q.options.map((o, j) => `   ${String.fromCharCode(97 + j)}) ${o}`), "");
    });
  }
  if (course) {
    lines.push(`## Mini-course: ${course.title}`, "");
    course.lessons.forEach((lesson, i) => {
      lines.push(`### Lesson ${i + 1}: ${lesson.title}`, "", `Objective: ${lesson.objective}`, "", lesson.content, "", `Check: ${lesson.checkQuestion}`, "");
    });
  }
  if (quiz) lines.push("## Answer key", "", ...answerKey(quiz), "");
  lines.push("---", `Exported from Linkwise on ${new Date().toISOString().slice(0, 10)}.`, "");
  return lines.join("\n");
}

/**
 * pdfkit's built-in fonts only know WinAnsi: a tab, Greek, Cyrillic or "≥" became garbage. DejaVu
 * (from npm, decision 018) is embedded instead, subset to the glyphs used, so text extracts as written.
 */
const FONT_FILES = { Sans: "DejaVuSans.ttf", "Sans-Bold": "DejaVuSans-Bold.ttf", "Sans-Oblique": "DejaVuSans-Oblique.ttf", Mono: "DejaVuSansMono.ttf" } as const;
type FontName = keyof typeof FONT_FILES;
let fontCache: Record<FontName, Buffer> | null = null;

function fonts(): Record<FontName, Buffer> {
  if (!fontCache) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
    const entries = Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(path.join(dir, file))]);
    fontCache = Object.fromEntries(entries) as Record<FontName, Buffer>;
  }
  return fontCache;
}

export const CODE_TAB_WIDTH = 4;

/**
 * A code block as the lines to print: tabs expanded to tab stops, other control characters
 * dropped, and lines longer than `columns` cut into pieces that fit (monospace, so counting works).
 */
export function codeLines(code: string, columns: number): string[] {
  const lines: string[] = [];
  for (const raw of code.replace(/\r\n?/g, "\n").split("\n")) {
    let line = "";
    for (const char of raw) {
      if (char === "\t") line += " ".repeat(CODE_TAB_WIDTH - (line.length % CODE_TAB_WIDTH));
      else if (!/[\u0000-\u001f\u007f-\u009f]/u.test(char)) line += char;
    }
    const chars = Array.from(line.trimEnd());
    if (chars.length === 0) lines.push("");
    for (let i = 0; i < chars.length; i += columns) lines.push(chars.slice(i, i + columns).join(""));
  }
  return lines;
}

const CODE_FONT_SIZE = 8.5;

/** A real PDF, laid out by pdfkit (text, not a screenshot), with the same content as the Markdown. */
export async function toPdf(content: ExportContent): Promise<Buffer> {
  const { link, advanced, quiz, rephrasings, course, highlights } = content;
  // Loaded on the first export (about 0.25 s of CPU): a server or test that never makes a PDF never pays it.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: link.title ?? link.url, Creator: "Linkwise" } });
  for (const [name, data] of Object.entries(fonts())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const heading = (text: string, size = 14) => doc.moveDown(0.8).font("Sans-Bold").fontSize(size).fillColor("#111827").text(text).moveDown(0.3);
  const body = (text: string) => doc.font("Sans").fontSize(10.5).fillColor("#1f2937").text(text, { lineGap: 2 });

  doc.font("Sans-Bold").fontSize(20).fillColor("#111827").text(link.title ?? link.url);
  doc.font("Sans").fontSize(9).fillColor("#4f46e5").text(link.url, { link: link.url, underline: true });
  if (link.description) doc.moveDown(0.5).font("Sans-Oblique").fontSize(10.5).fillColor("#374151").text(link.description);
  if (link.tags.length) doc.moveDown(0.5).font("Sans").fontSize(9).fillColor("#6b7280").text(link.tags.map((t) => `#${t}`).join("  "));
  if (link.summary) {
    heading("Summary");
    body(link.summary);
  }
  if (highlights.length) {
    heading("Highlights");
    for (const highlight of highlights) {
      doc.font("Sans-Oblique").fontSize(10.5).fillColor("#1f2937").text(`“${highlight.exact}”`, { lineGap: 2 });
      if (highlight.note) body(`Note: ${highlight.note}`);
      doc.moveDown(0.4);
    }
  }
  if (advanced) {
    heading("Advanced summary");
    body(advanced.summary);
    heading("Key points", 12);
    for (const point of advanced.keyPoints) body(`•  ${point}`);
  }
  for (const r of rephrasings) {
    heading(`Summary for ${r.level}s`);
    body(r.text);
  }
  if (link.code_snippets.length) {
    heading("Code");
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.font("Mono").fontSize(CODE_FONT_SIZE);
    const columns = Math.max(20, Math.floor(width / doc.widthOfString("M")));
    for (const snippet of link.code_snippets) {
      doc.font("Sans").fontSize(8).fillColor("#6b7280").text(snippet.language);
      doc.font("Mono").fontSize(CODE_FONT_SIZE).fillColor("#111827");
      // One text() per line, without pdfkit's word wrap: the lines already fit, and spaces stay as written.
      for (const line of codeLines(snippet.code, columns)) doc.text(line === "" ? " " : line, { width, lineBreak: false });
      doc.moveDown(0.5);
    }
  }
  if (quiz) {
    heading("Quiz");
    quiz.questions.forEach((q, i) => {
      doc.font("Sans-Bold").fontSize(10.5).fillColor("#111827").text(`${i + 1}. ${q.question}`);
      q.options.forEach((o, j) => body(`   ${String.fromCharCode(97 + j)}) ${o}`));
      doc.moveDown(0.4);
    });
  }
  if (course) {
    heading(`Mini-course: ${course.title}`);
    course.lessons.forEach((lesson, i) => {
      heading(`Lesson ${i + 1}: ${lesson.title}`, 12);
      body(`Objective: ${lesson.objective}`);
      body(lesson.content);
      body(`Check: ${lesson.checkQuestion}`);
    });
  }
  if (quiz) {
    heading("Answer key");
    for (const line of answerKey(quiz)) body(line);
  }
  doc.moveDown(1).font("Sans").fontSize(8).fillColor("#9ca3af").text(`Exported from Linkwise on ${new Date().toISOString().slice(0, 10)}.`);
  doc.end();
  return done;
}
