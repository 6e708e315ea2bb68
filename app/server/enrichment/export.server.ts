import PDFDocument from "pdfkit";
import type { AdvancedSummary, Course, Quiz, Rephrase } from "~/lib/enrichment";
import type { Link, LinkArtifact } from "../platform/db-schema.server";

/** Everything stored for a link, in reading order, for the Markdown and PDF exports. */
interface ExportContent {
  link: Link;
  advanced: AdvancedSummary | null;
  quiz: Quiz | null;
  rephrasings: Array<{ level: string; text: string }>;
  course: Course | null;
}

export function exportContent(link: Link, artifacts: LinkArtifact[]): ExportContent {
  const ready = (kind: LinkArtifact["kind"]) => artifacts.filter((a) => a.kind === kind && a.status === "ready");
  return {
    link,
    advanced: (ready("advanced")[0]?.payload as AdvancedSummary | undefined) ?? null,
    quiz: (ready("quiz")[0]?.payload as Quiz | undefined) ?? null,
    rephrasings: ready("rephrase").map((a) => ({ level: a.variant, text: (a.payload as Rephrase).text })),
    course: (ready("course")[0]?.payload as Course | undefined) ?? null,
  };
}

export function exportFileName(link: Link, extension: string): string {
  const base = (link.title ?? "link").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 60) || "link";
  return `${base}.${extension}`;
}

export function toMarkdown({ link, advanced, quiz, rephrasings, course }: ExportContent): string {
  const lines: string[] = [`# ${link.title ?? link.url}`, "", `<${link.url}>`, ""];
  if (link.description) lines.push(`> ${link.description}`, "");
  if (link.tags.length) lines.push(`Tags: ${link.tags.map((t) => `#${t}`).join(" ")}`, "");
  if (link.summary) lines.push("## Summary", "", link.summary, "");
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
      lines.push(`${i + 1}. ${q.question}`, ...q.options.map((o, j) => `   ${String.fromCharCode(97 + j)}) ${o}`));
      lines.push(`   Answer: ${String.fromCharCode(97 + q.answerIndex)}) ${q.options[q.answerIndex]} — ${q.explanation}`, "");
    });
  }
  if (course) {
    lines.push(`## Mini-course: ${course.title}`, "");
    course.lessons.forEach((lesson, i) => {
      lines.push(`### Lesson ${i + 1}: ${lesson.title}`, "", `Objective: ${lesson.objective}`, "", lesson.content, "", `Check: ${lesson.checkQuestion}`, "");
    });
  }
  lines.push("---", `Exported from Linkwise on ${new Date().toISOString().slice(0, 10)}.`, "");
  return lines.join("\n");
}

/** A real PDF, laid out by pdfkit (text, not a screenshot), with the same content as the Markdown. */
export function toPdf(content: ExportContent): Promise<Buffer> {
  const { link, advanced, quiz, rephrasings, course } = content;
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: link.title ?? link.url, Creator: "Linkwise" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const heading = (text: string, size = 14) => doc.moveDown(0.8).font("Helvetica-Bold").fontSize(size).fillColor("#111827").text(text).moveDown(0.3);
  const body = (text: string) => doc.font("Helvetica").fontSize(10.5).fillColor("#1f2937").text(text, { lineGap: 2 });

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#111827").text(link.title ?? link.url);
  doc.font("Helvetica").fontSize(9).fillColor("#4f46e5").text(link.url, { link: link.url, underline: true });
  if (link.description) doc.moveDown(0.5).font("Helvetica-Oblique").fontSize(10.5).fillColor("#374151").text(link.description);
  if (link.tags.length) doc.moveDown(0.5).font("Helvetica").fontSize(9).fillColor("#6b7280").text(link.tags.map((t) => `#${t}`).join("  "));
  if (link.summary) {
    heading("Summary");
    body(link.summary);
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
    for (const snippet of link.code_snippets) {
      doc.font("Helvetica").fontSize(8).fillColor("#6b7280").text(snippet.language);
      doc.font("Courier").fontSize(8.5).fillColor("#111827").text(snippet.code).moveDown(0.5);
    }
  }
  if (quiz) {
    heading("Quiz");
    quiz.questions.forEach((q, i) => {
      doc.font("Helvetica-Bold").fontSize(10.5).fillColor("#111827").text(`${i + 1}. ${q.question}`);
      q.options.forEach((o, j) => body(`   ${String.fromCharCode(97 + j)}) ${o}`));
      doc.font("Helvetica-Oblique").fontSize(9.5).fillColor("#047857").text(`Answer: ${q.options[q.answerIndex]} — ${q.explanation}`).moveDown(0.4);
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
  doc.moveDown(1).font("Helvetica").fontSize(8).fillColor("#9ca3af").text(`Exported from Linkwise on ${new Date().toISOString().slice(0, 10)}.`);
  doc.end();
  return done;
}
