import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, ButtonLink, Card, PageHeader, Section } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Documentation · ${PRODUCT_NAME}`, "The Linkwise REST API reference, personal API tokens, the MCP server for AI agents and where to find help.");

const DEVELOPERS: Array<{ name: string; body: string; status: "Available" | "Planned"; to?: string; action?: string }> = [
  {
    name: "REST API",
    body: "Save, enrich, search and export links from your own tools. Every call, with its fields and answers.",
    status: "Available",
    to: "/documentation/api",
    action: "Read the API reference",
  },
  {
    name: "Personal API tokens",
    body: "Create a token in Settings → API & integrations and send it as a bearer token (Creator plan).",
    status: "Available",
    to: "/settings/integrations",
    action: "Create a token",
  },
  {
    name: "MCP server for AI agents",
    body: "Let an AI agent search, read, save and tag your links: point any MCP client (streamable HTTP) at /mcp with a personal API token.",
    status: "Available",
  },
  {
    name: "Webhooks",
    body: "Get a signed POST when a link is saved, enriched or fails, a highlight is made or an import ends: Settings → API & integrations.",
    status: "Available",
    to: "/settings/integrations",
    action: "Set up a webhook",
  },
  {
    name: "Browser extension",
    body: "Save the page you are on from the toolbar or the right-click menu, with tags and a note, or as you see it when it needs a sign-in (Chromium and Firefox).",
    status: "Available",
    to: "/settings/integrations/extension",
    action: "Connect the extension",
  },
  {
    name: "Feeds",
    body: "Follow a blog or a site by its RSS, Atom or JSON Feed: new posts are saved to your library with your tags. OPML in and out.",
    status: "Available",
    to: "/settings/feeds",
    action: "Follow a feed",
  },
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
      <PageHeader title="Documentation" subtitle="The REST API reference, personal API tokens, and where to find help with the app." />
      <Section>
        <h2 className="text-2xl font-bold">For developers</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {DEVELOPERS.map((item) => (
            <Card key={item.name}>
              <div className="flex items-center justify-between">
                <h3 className="font-semibold">{item.name}</h3>
                <Badge tone={item.status === "Available" ? "success" : "brand"}>{item.status}</Badge>
              </div>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{item.body}</p>
              {item.to ? (
                <Link to={item.to} className="mt-3 inline-block text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
                  {item.action}
                </Link>
              ) : null}
            </Card>
          ))}
        </div>
      </Section>
      <Section>
        <Card>
          <h2 className="text-xl font-bold">Building something?</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            Tell us what you build on the API, or what it is missing; we read every message.
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <ButtonLink to="/contact">Contact us</ButtonLink>
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
