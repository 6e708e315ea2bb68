import { readFileSync } from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import type { Link } from "../platform/db-schema.server";
import { parsePage } from "../fetching/page-parser.server";
import { localEnricher } from "./local/local-enricher.server";
import type { LinkArtifact } from "../platform/db-schema.server";
import { codeLines, exportContent, toMarkdown, toPdf } from "./link-export.server";

const ACCENTED = "La photosynthèse crée l'énergie: Ça coûte peu, naïve façon. Ελληνικά κείμενα, русский текст, Łódź, ≥ 5 €.";

function linkWith(fields: Partial<Link>): Link {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    user_id: "00000000-0000-4000-8000-000000000002",
    url: "https://example.test/page",
    normalized_url: "https://example.test/page",
    status: "enriched",
    error: null,
    title: "Un titre accentué",
    description: null,
    favicon: null,
    canonical_url: null,
    canonical_key: null,
    language: "fr",
    reading_minutes: 3,
    content_text: null,
    notes: null,
    read_at: null,
    archived_at: null,
    summary: ACCENTED,
    tags: [],
    tag_suggestions: [],
    user_tags: [],
    dismissed_tags: [],
    title_by_user: false,
    description_by_user: false,
    code_snippets: [],
    enrichment_engine: "local",
    import_id: null,
    category: null,
    is_public: false,
    share_highlights: false,
    shared_at: null,
    is_demo: false,
    enriched_at: new Date(),
    reenrich_requested_at: null,
    deleted_at: null,
    byline: null,
    published_at: null,
    site_name: null,
    lead_image: null,
    extractor: null,
    fetch_method: null,
    fetch_ms: null,
    fetch_reason: null,
    enriched_with: null,
    saved_at: new Date(),
    created_at: new Date(),
    updated_at: new Date(),
    ...fields,
  };
}

const MARGIN = 56;
/** DejaVu Sans Mono's advance (1233/2048 em) at the code size. */
const MONO_ADVANCE = (8.5 * 1233) / 2048;

/**
 * The PDF's text, line by line as pdf.js reads it back. pdf.js drops the spaces that start a line and
 * places the first word instead, so a line's indent is read back from where it starts.
 */
async function pdfLines(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    let line: string | null = null;
    for (const item of content.items) {
      if (!("str" in item)) continue;
      if (line === null && item.str !== "") line = " ".repeat(Math.max(0, Math.round((item.transform[4] - MARGIN) / MONO_ADVANCE)));
      if (item.str !== "") line += item.str;
      if (item.hasEOL) {
        lines.push(line ?? "");
        line = null;
      }
    }
    if (line !== null) lines.push(line);
  }
  return lines;
}

describe("codeLines", () => {
  it("expands tabs to stops of four and drops other control characters", () => {
    expect(codeLines("\tx\n\t\ty\na\tb\r\nc\u0007d", 80)).toEqual(["    x", "        y", "a   b", "cd"]);
  });

  it("cuts long lines to the column count and keeps empty lines", () => {
    expect(codeLines("abcdefghij\n\nxyz", 4)).toEqual(["abcd", "efgh", "ij", "", "xyz"]);
  });
});

describe("the PDF export", () => {
  it("prints the Go code of the tutorial page as written, tabs expanded, in the embedded fonts", async () => {
    const page = parsePage(readFileSync("tests/fixtures/pages/cli-tutorial.html", "utf8"), "https://example.test/cli");
    const { codeSnippets } = await localEnricher.enrich({ url: "x", page, existingTags: [] });
    const go = codeSnippets.find((s) => s.language === "go")!;
    expect(go.code).toContain("\tfor _, name");
    const pdf = await toPdf(exportContent(linkWith({ code_snippets: codeSnippets }), []));
    const lines = await pdfLines(pdf);
    const expected = go.code.split("\n").map((line) => line.replace(/\t/g, "    ").trimEnd()).filter(Boolean);
    for (const line of expected) expect(lines).toContain(line);
    // The heavily indented lines were where the garbage was.
    expect(lines).toContain("        fmt.Println(name, len(strings.Fields(string(data))))");
    expect(pdf.toString("latin1")).toContain("DejaVuSansMono");
    // The first PDF of the file loads pdfkit, its fonts and pdf.js: 3 s at a load of 13, past the
    // default 5 s on a busier machine.
  }, 30_000);

  it("keeps accents and non-Latin text", async () => {
    const text = (await pdfLines(await toPdf(exportContent(linkWith({}), [])))).join(" ");
    expect(text.replace(/\s+/g, " ")).toContain(ACCENTED);
    expect(text).toContain("Un titre accentué");
  });

  it("wraps a long code line instead of running off the page", async () => {
    const long = "const x = [" + Array.from({ length: 60 }, (_, i) => `"item${i}"`).join(", ") + "];";
    const pdf = await toPdf(exportContent(linkWith({ code_snippets: [{ language: "typescript", code: long }] }), []));
    const lines = await pdfLines(pdf);
    const start = lines.findIndex((l) => l.startsWith("const x = ["));
    expect(start).toBeGreaterThan(-1);
    const printed = lines.slice(start, start + 12).filter((l) => l.length > 0);
    expect(printed[0]!.length).toBeLessThan(long.length);
    expect(printed.join("").slice(0, long.length)).toBe(long);
  });

  it("carries a long code block over to the next pages", async () => {
    const code = Array.from({ length: 200 }, (_, i) => `line ${i}`).join("\n");
    const pdf = await toPdf(exportContent(linkWith({ code_snippets: [{ language: "text", code }] }), []));
    expect((await getDocument({ data: new Uint8Array(pdf) }).promise).numPages).toBeGreaterThanOrEqual(3);
    expect((await pdfLines(pdf)).filter((line) => line.startsWith("line "))).toEqual(code.split("\n"));
  });
});

describe("a stored result that no longer fits its schema", () => {
  const artifact = (kind: LinkArtifact["kind"], payload: unknown, variant = ""): LinkArtifact =>
    ({ id: `${kind}-${variant}`, link_id: "l", user_id: "u", kind, variant, status: "ready", payload, created_at: new Date(), updated_at: new Date() }) as unknown as LinkArtifact;

  it("is left out of the export instead of failing it", async () => {
    const content = exportContent(linkWith({}), [
      artifact("advanced", { summary: "An old shape without key points" }),
      artifact("quiz", { questions: "not a list" }),
      artifact("rephrase", {}, "beginner"),
      artifact("rephrase", { text: "Kept for experts." }, "expert"),
      artifact("course", null),
    ]);
    expect(content).toMatchObject({ advanced: null, quiz: null, course: null, rephrasings: [{ level: "expert", text: "Kept for experts." }] });
    const markdown = toMarkdown(content);
    expect(markdown).toContain("Kept for experts.");
    expect(markdown).not.toContain("An old shape");
    expect((await pdfLines(await toPdf(content))).join(" ")).toContain("Kept for experts.");
  });
});

describe("highlights and notes in the export (decision 060)", () => {
  const highlight = (exact: string, note: string | null) => ({
    id: "00000000-0000-4000-8000-000000000009",
    linkId: "00000000-0000-4000-8000-000000000001",
    exact,
    prefix: "",
    suffix: "",
    start: 0,
    colour: "yellow" as const,
    note,
    createdAt: "2026-11-29T00:00:00.000Z",
    updatedAt: "2026-11-29T00:00:00.000Z",
  });

  it("quotes every passage, each line of it, with its note, and the link's own notes", async () => {
    const content = exportContent(linkWith({ notes: "Read again before the talk." }), [], [highlight("The tide decides,\nnot the timetable.", "Use this in the talk"), highlight("Third, the ropes.", null)]);
    const markdown = toMarkdown(content);
    expect(markdown).toContain("## Notes\n\nRead again before the talk.\n");
    expect(markdown).toContain("## Highlights\n\n> The tide decides,\n> not the timetable.\n\nNote: Use this in the talk\n\n> Third, the ropes.\n");
    expect((await pdfLines(await toPdf(content))).join(" ")).toContain("Note: Use this in the talk");
    expect(toMarkdown(exportContent(linkWith({}), []))).not.toContain("## Highlights");
  });
});

describe("the quiz in an export", () => {
  const quiz = {
    questions: [
      { question: "Which term does the page define as a tree of keys?", options: ["Heap", "B-tree", "Bitmap", "Hash"], answerIndex: 1, explanation: "The page says: a B-tree is a tree of keys." },
      { question: "Fill in the blank: _____ speed up reads.", options: ["Indexes", "Locks", "Views", "Rows"], answerIndex: 0, explanation: "The page says: indexes speed up reads." },
    ],
  };
  const content = () => ({ ...exportContent(linkWith({ summary: "A summary." }), []), quiz, course: { title: "Indexes", lessons: [{ title: "B-trees", objective: "Explain how a B-tree finds a key.", content: "Key points: • one", checkQuestion: "What is a B-tree?" }] } });

  it("prints the answers in a key at the end of the document, not under each question (Markdown)", () => {
    const markdown = toMarkdown(content());
    const key = markdown.indexOf("## Answer key");
    expect(key).toBeGreaterThan(markdown.indexOf("## Mini-course"));
    expect(markdown.slice(0, key)).not.toMatch(/Answer:/);
    expect(markdown.slice(key)).toContain("1. b) B-tree — The page says: a B-tree is a tree of keys.");
    expect(markdown.slice(key)).toContain("2. a) Indexes");
    // Each question is followed by its options only.
    expect(markdown).toMatch(/1\. Which term[^\n]*\n {3}a\) Heap\n {3}b\) B-tree\n {3}c\) Bitmap\n {3}d\) Hash\n\n2\./);
  });

  it("prints the answers in a key at the end of the document, not under each question (PDF)", async () => {
    const lines = (await pdfLines(await toPdf(content()))).map((l) => l.trim());
    const key = lines.indexOf("Answer key");
    expect(key).toBeGreaterThan(lines.findIndex((l) => l.startsWith("Lesson 1")));
    expect(lines.slice(0, key).some((l) => l.startsWith("Answer:"))).toBe(false);
    expect(lines.slice(key).join(" ")).toContain("1. b) B-tree — The page says: a B-tree is a tree of keys.");
  });
});
