import { hashPassword } from "../../app/server/accounts/password.server";
import type { Database } from "../../app/server/platform/db.server";
import { markArtifactReady, upsertPendingArtifact } from "../../app/server/repos/artifacts.server";
import { insertLink } from "../../app/server/repos/links.server";
import { insertUser } from "../../app/server/repos/users.server";
import { loadShowcaseLibrary } from "./bench-queries";

/** Pages as a reader would have saved them: title, site, category, tags, summary (newest last). */
export const SHOWCASE_PAGES: Array<{ title: string; host: string; category: string; tags: string[]; summary: string }> = [
  { title: "How Postgres Indexes Work", host: "use-the-index-luke.com", category: "programming", tags: ["postgres", "indexes", "performance"], summary: "B-tree indexes keep keys sorted so lookups, ranges and ORDER BY avoid full scans. Composite indexes serve queries on their leading columns; covering indexes answer from the index alone." },
  { title: "A Complete Guide to CSS Grid", host: "css-tricks.com", category: "web", tags: ["css", "grid", "layout"], summary: "Grid lays out rows and columns at once: define tracks on the container, place items by line or area, and let auto-fit with minmax() make responsive galleries without media queries." },
  { title: "Designing Data-Intensive Applications: Replication", host: "dataintensive.net", category: "programming", tags: ["replication", "distributed-systems"], summary: "Leaders, followers and leaderless replication trade consistency for availability in different ways; replication lag explains most of the surprises users see." },
  { title: "The Twelve-Factor App", host: "12factor.net", category: "devtools", tags: ["deployment", "configuration"], summary: "Config in the environment, stateless processes, logs as event streams: twelve rules that make a web service easy to deploy, scale and move between clouds." },
  { title: "Prompt Engineering Patterns That Actually Work", host: "simonwillison.net", category: "ai", tags: ["llm", "prompts"], summary: "Give the model examples, ask for structured output, and check the answer with code. Most failures come from vague instructions, not from the model." },
  { title: "Refactoring UI: Hierarchy Is Everything", host: "refactoringui.com", category: "design", tags: ["design", "typography", "ui"], summary: "Not every element is equally important: use weight, colour and size to de-emphasise secondary content instead of making the primary content louder." },
  { title: "Getting Things Done in a Noisy Inbox", host: "zenhabits.net", category: "productivity", tags: ["email", "focus"], summary: "Process the inbox to zero twice a day: delete, delegate, defer or do. Anything under two minutes gets done at once." },
  { title: "Understanding React Hooks", host: "react.dev", category: "web", tags: ["react", "hooks", "javascript"], summary: "Hooks let function components keep state and run effects. Call them at the top level, list every dependency, and move shared logic into custom hooks." },
  { title: "Positioning: How to Stand Out in a Crowded Market", host: "aprildunford.com", category: "marketing", tags: ["positioning", "strategy"], summary: "Start from your best customers and the alternatives they would use without you; your unique attributes and the value they enable define the market you win in." },
  { title: "Attention Is All You Need, Explained", host: "jalammar.github.io", category: "ai", tags: ["transformers", "machine-learning", "nlp"], summary: "Self-attention lets every token look at every other token in one step. Stacked with feed-forward layers and positional encodings, it replaced recurrence in modern language models." },
];

const QUIZ = {
  questions: Array.from({ length: 5 }, (_, i) => ({
    question: `Question ${i + 1}: what does a B-tree index keep sorted?`,
    options: ["The keys", "The table", "The log", "Nothing"],
    answerIndex: 0,
    explanation: "Sorted keys make lookups and ranges fast.",
  })),
};

/**
 * A confirmed Creator (ProUser) with `links` links: the newest are SHOWCASE_PAGES (an hour
 * apart, a ready quiz on the first), the rest older variations loaded in SQL (loadShowcaseLibrary),
 * so 10,000 take seconds, not 10,000 API calls. For throwaway databases and accounts only.
 */
export async function seedShowcaseLibrary(db: Database, { email, password, links }: { email: string; password: string; links: number }): Promise<{ id: string }> {
  const user = await insertUser(db, { email, password_hash: await hashPassword(password), role: "ProUser", email_confirmed: true });
  const now = Date.now();
  const newest = SHOWCASE_PAGES.slice(0, Math.min(links, SHOWCASE_PAGES.length));
  for (const [index, { title, host, category, tags, summary }] of newest.entries()) {
    const url = `https://${host}/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
    const at = new Date(now - (newest.length - index) * 3_600_000);
    const link = await insertLink(db, {
      user_id: user.id,
      url,
      normalized_url: url,
      status: "enriched",
      title,
      description: /^[^.]*\./.exec(summary)?.[0] ?? summary,
      favicon: null,
      summary,
      tags,
      category,
      reading_minutes: 4 + index,
      enrichment_engine: "local/extractive-v1",
      enriched_at: at,
      saved_at: at,
      created_at: at,
      updated_at: at,
    });
    if (index === 0) {
      const quiz = await upsertPendingArtifact(db, { linkId: link.id, userId: user.id, kind: "quiz", variant: "" });
      await markArtifactReady(db, quiz.id, { payload: QUIZ, engine: "local/extractive-v1" });
    }
  }
  if (links > newest.length) {
    await loadShowcaseLibrary(db, { userId: user.id, links: links - newest.length, before: new Date(now - (newest.length + 1) * 3_600_000), pages: SHOWCASE_PAGES });
  }
  return user;
}
