import { PRODUCT_NAME } from "~/components/logo";
import { ButtonLink, Card, PageHeader, Section } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Features · ${PRODUCT_NAME}`, "Save links and turn them into summaries, quizzes, courses and shareable pages.");

const GROUPS = [
  {
    title: "Save",
    items: [
      ["Unlimited saved links", "Every plan keeps as many links as you like."],
      ["Live status", "Watch each link go from Processing to Enriched without reloading."],
      ["Safe fetching", "Pages are fetched by our servers with strict limits, never from your browser."],
    ],
  },
  {
    title: "Understand",
    items: [
      ["Summaries and tags", "Each page gets a summary, tags and a category."],
      ["Advanced summaries", "Key points and a longer summary on Scout and Creator."],
      ["Code snippet extraction", "Code blocks are collected with their language, ready to copy."],
    ],
  },
  {
    title: "Learn",
    items: [
      ["Quiz generator", "Five questions to check what you read, with the score right away."],
      ["Rephrasing by difficulty", "The summary for a beginner, an intermediate reader or an expert."],
      ["AI mini-courses", "Three to seven lessons with objectives and check questions."],
    ],
  },
  {
    title: "Share and export",
    items: [
      ["Public pages", "Share a clean page for any link; Free pages carry a small watermark."],
      ["Markdown and PDF export", "Take a link and all its enrichments with you."],
      ["Community trending", "See what others are reading this week."],
    ],
  },
];

export default function Features() {
  return (
    <>
      <PageHeader title="Features" subtitle="Everything a saved link can become." />
      {GROUPS.map((group) => (
        <Section key={group.title} aria-labelledby={`group-${group.title}`}>
          <h2 id={`group-${group.title}`} className="text-2xl font-bold">
            {group.title}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {group.items.map(([title, body]) => (
              <Card key={title}>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{body}</p>
              </Card>
            ))}
          </div>
        </Section>
      ))}
      <Section className="text-center">
        <ButtonLink to="/register" size="lg">
          Start Free Today
        </ButtonLink>
      </Section>
    </>
  );
}
