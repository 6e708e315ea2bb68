import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, ButtonLink, Card, PageHeader, Section } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Documentation · ${PRODUCT_NAME}`, "How to use Linkwise: saving links, enrichment, sharing, exports and what is coming next.");

const UPCOMING: Array<{ name: string; body: string; status: string; to?: string }> = [
  { name: "REST API", body: "Save, enrich and export links from your own tools with a personal API token.", status: "Available", to: "/documentation/api" },
  { name: "Webhooks", body: "Get told when a link is enriched or shared.", status: "Planned" },
  { name: "Plugin SDK", body: "Extend enrichment with your own steps.", status: "Research Phase" },
];
const ROADMAP: Array<[string, string]> = [
  ["API docs", "Q2 2024"],
  ["SDKs", "Q3 2024"],
  ["Plugin kit", "Q4 2024"],
];
const RESOURCES: Array<[string, string]> = [
  ["/get-started", "Get started"],
  ["/features", "Features"],
  ["/help-center", "Help Center"],
  ["/contact", "Contact"],
];

export default function Documentation() {
  return (
    <>
      <PageHeader title="Documentation" subtitle="Coming soon: developer documentation for the API, webhooks and plugins." />
      <Section>
        <h2 className="text-2xl font-bold">What is coming</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {UPCOMING.map((item) => (
            <Card key={item.name}>
              <div className="flex items-center justify-between">
                <h3 className="font-semibold">{item.name}</h3>
                <Badge tone={item.status === "Available" || item.status === "In Development" ? "success" : item.status === "Planned" ? "brand" : "warning"}>{item.status}</Badge>
              </div>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{item.body}</p>
              {item.to ? (
                <Link to={item.to} className="mt-3 inline-block text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
                  Read the API reference
                </Link>
              ) : null}
            </Card>
          ))}
        </div>
      </Section>
      <Section className="grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-xl font-bold">Roadmap</h2>
          <ul className="mt-4 space-y-2">
            {ROADMAP.map(([name, when]) => (
              <li key={name} className="flex justify-between text-sm">
                <span>{name}</span>
                <span className="text-slate-600 dark:text-slate-400">{when}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="text-xl font-bold">Developer preview program</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Want early access to the API? Tell us what you would build.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/contact">Apply via contact</ButtonLink>
            <a href="mailto:developers@linkwise.local" className="text-sm font-medium text-brand-700 underline wrap-anywhere hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
              developers@linkwise.local
            </a>
          </div>
        </Card>
      </Section>
      <Section>
        <h2 className="text-xl font-bold">Resources</h2>
        <ul className="mt-4 flex flex-wrap gap-4">
          {RESOURCES.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="inline-block py-1 text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
