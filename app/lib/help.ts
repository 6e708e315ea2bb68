export interface FaqItem {
  question: string;
  answer: string;
  category?: string;
}

/** The help center's questions, by category; the pricing FAQ reuses the billing ones. */
export const HELP_CATEGORIES = ["Getting started", "Links and enrichment", "Plans and billing", "Sharing", "Account and privacy"] as const;

export const HELP_FAQ: FaqItem[] = [
  { category: "Getting started", question: "How do I save my first link?", answer: "Open your dashboard, paste a web address that starts with http:// or https:// into Save a link, and press Save. The link appears at the top of your list as Processing." },
  { category: "Getting started", question: "Do I need a credit card to start?", answer: "No. The Free plan needs no credit card: you get unlimited saved links and 5 AI enrichments per month." },
  { category: "Getting started", question: "Which devices can I use?", answer: "The web app works on desktop and mobile browsers. A browser extension is coming soon." },
  { category: "Links and enrichment", question: "What does enrichment add to a link?", answer: "A summary, tags, a category and any code snippets on the page. Scout adds advanced summaries and tag suggestions; Creator adds quizzes, rephrasing by difficulty, mini-courses and exports." },
  { category: "Links and enrichment", question: "Why did a link fail?", answer: "The failed label shows the reason: the page answered an error, took longer than 15 seconds, was larger than 5 MB, was not a web page, or the address is not allowed. Press Retry once the page works again." },
  { category: "Links and enrichment", question: "What happens when my monthly enrichments run out?", answer: "New links are still saved, marked Failed with 'Monthly enrichment limit reached'. Buy an enrichment pack or upgrade, then press Retry." },
  { category: "Links and enrichment", question: "Can I export a link as PDF or Markdown?", answer: "Yes, on Creator: each enriched link on the Enrichments tab has Markdown and PDF buttons. The file holds the title, address, summary, tags, code snippets and your generated results." },
  { category: "Links and enrichment", question: "Can I choose the language or length of summaries?", answer: "Creator members can set content preferences (summary length, language and difficulty) on the Enrichments tab; every later enrichment uses them." },
  { category: "Plans and billing", question: "What do the plans cost?", answer: "Free is EUR 0, Scout EUR 4.95 per month with 30 enrichments, Creator EUR 12.95 per month with unlimited enrichments. Scout and Creator are coming soon." },
  { category: "Plans and billing", question: "Do enrichment pack credits expire?", answer: "No. Pack credits never expire; they are used after your monthly allowance." },
  { category: "Plans and billing", question: "Will prices change?", answer: "We announce any price change at least 30 days in advance." },
  { category: "Plans and billing", question: "How long do you keep billing records?", answer: "Billing records are kept for about 7 years, as the law requires." },
  { category: "Sharing", question: "How do I share a link publicly?", answer: "Press Share on an enriched link. Its public page shows the title, description, tags and summary, and the address is copied for you. The Share tab lists your shared links with their views." },
  { category: "Sharing", question: "Why is there a watermark on my shared page?", answer: "Links shared on the Free plan carry a small watermark. Creator removes it." },
  { category: "Account and privacy", question: "How do I reset my password?", answer: "On the sign-in page choose Forgot your password, enter your email, and follow the link we send. It works for one hour." },
  { category: "Account and privacy", question: "What happens to my data if I delete my account?", answer: "Your content is deleted within 30 days of account deletion or cancellation." },
  { category: "Account and privacy", question: "How fast does support answer?", answer: "We answer within 24-48 hours." },
];

/** Lower-cased words, accents and punctuation dropped: "Export PDF?" → ["export", "pdf"]. */
function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The items matching every word of the query, in any order, anywhere in the question or the
 * answer; a query word matches the start of a word ("export" finds "exports", "pdf" finds
 * "PDF."). Question hits come first. An empty query matches everything.
 */
export function searchHelp(items: readonly FaqItem[], query: string, category: string | null = null): FaqItem[] {
  const wanted = words(query);
  const inCategory = items.filter((item) => !category || item.category === category);
  if (!wanted.length) return [...inCategory];
  const scored = inCategory.flatMap((item) => {
    const question = words(item.question);
    const all = [...question, ...words(item.answer)];
    if (!wanted.every((word) => all.some((w) => w.startsWith(word)))) return [];
    const inQuestion = wanted.filter((word) => question.some((w) => w.startsWith(word))).length;
    return [{ item, inQuestion }];
  });
  // A stable sort keeps the catalogue's order among equals.
  return scored.sort((a, b) => b.inQuestion - a.inQuestion).map(({ item }) => item);
}
