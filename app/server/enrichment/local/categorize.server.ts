import type { CategorySlug } from "~/lib/enrichment";
import { words } from "./text-analysis.server";

/** Signal words per trending category; the category with the most hits wins. */
const SIGNALS: Record<CategorySlug, string[]> = {
  ai: ["ai", "llm", "llms", "gpt", "model", "models", "neural", "machine", "learning", "embedding", "embeddings", "prompt", "prompts", "transformer", "inference", "openai", "agents", "chatbot"],
  dotnet: [".net", "c#", "csharp", "asp.net", "blazor", "nuget", "entity", "linq", "dotnet", "visual", "msbuild"],
  web: ["html", "css", "browser", "browsers", "react", "javascript", "frontend", "dom", "http", "web", "remix", "next.js", "vue", "svelte", "hooks", "component", "components"],
  devtools: ["git", "docker", "kubernetes", "cli", "terminal", "editor", "vscode", "debugger", "ci", "pipeline", "devops", "tooling", "linter", "npm"],
  programming: ["code", "function", "functions", "compiler", "algorithm", "algorithms", "database", "postgres", "postgresql", "sql", "index", "indexes", "query", "queries", "python", "rust", "java", "golang", "typescript", "api", "programming"],
  design: ["design", "designer", "typography", "color", "colour", "layout", "figma", "ux", "ui", "interface", "visual", "brand"],
  productivity: ["productivity", "habit", "habits", "focus", "time", "workflow", "notes", "calendar", "tasks", "routine", "meeting", "meetings"],
  marketing: ["marketing", "seo", "campaign", "campaigns", "audience", "conversion", "brand", "social", "advertising", "newsletter", "growth", "funnel"],
  business: ["business", "startup", "startups", "revenue", "customers", "sales", "market", "pricing", "company", "companies", "strategy", "investors", "profit"],
  science: ["science", "research", "study", "studies", "physics", "biology", "chemistry", "climate", "experiment", "scientists", "data", "evidence", "species",
    "scientifique", "scientifiques", "recherche", "biologie", "chimie", "physique", "wissenschaft", "forschung", "ciencia", "científicos"],
  learning: ["learn", "learning", "course", "courses", "tutorial", "guide", "lesson", "lessons", "students", "teach", "beginner", "recipe", "how"],
};

export function categorize(input: { title?: string | null; text: string; headings?: string[]; tokens?: string[] }): CategorySlug {
  const counts = new Map<string, number>();
  const title = words(input.title ?? "");
  for (const word of [...(input.tokens ?? words(input.text.slice(0, 30_000))), ...title, ...title, ...words((input.headings ?? []).join(" "))]) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  let best: CategorySlug = "learning";
  let bestScore = 0;
  for (const [slug, signals] of Object.entries(SIGNALS) as Array<[CategorySlug, string[]]>) {
    const score = signals.reduce((sum, signal) => sum + (counts.get(signal) ?? 0), 0);
    if (score > bestScore) {
      best = slug;
      bestScore = score;
    }
  }
  return best;
}
