import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Card, PageHeader, Section } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Get started · ${PRODUCT_NAME}`, "Create a free account, save your first link and let AI summarise it in minutes.");

const STEPS = [
  ["Create your free account", "Sign up with your email. No credit card needed."],
  ["Save a link", "Paste any web address into your dashboard and press Save."],
  ["Watch it get enriched", "In a few seconds the link shows a summary, tags and code snippets."],
  ["Learn and share", "Take a quiz, read a mini-course, export it, or share a public page."],
];

const PLATFORMS = [
  { name: "Desktop web", status: "Available", to: "/register" },
  { name: "Phones (installable web app)", status: "Available", to: "#install" },
  { name: "Browser extension", status: "Available", to: "/settings/integrations/extension" },
];

export default function GetStarted() {
  return (
    <>
      <PageHeader title="Get Started" subtitle="From first link to first summary in four steps." />
      <Section>
        <ol className="grid gap-6 md:grid-cols-4">
          {STEPS.map(([title, body], i) => (
            <li key={title}>
              <Card className="h-full">
                <span className="grid h-9 w-9 place-items-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
                <h2 className="mt-3 font-semibold">{title}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{body}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>
      <Section aria-labelledby="platforms-heading">
        <h2 id="platforms-heading" className="text-2xl font-bold">
          Platforms
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {PLATFORMS.map((platform) => (
            <li key={platform.name}>
              <Card className="flex items-center justify-between">
                {platform.to?.startsWith("#") ? (
                  <a href={platform.to} className="font-medium underline hover:text-brand-700 dark:hover:text-brand-300">
                    {platform.name}
                  </a>
                ) : platform.to ? (
                  <Link to={platform.to} className="font-medium underline hover:text-brand-700 dark:hover:text-brand-300">
                    {platform.name}
                  </Link>
                ) : (
                  <span className="font-medium">{platform.name}</span>
                )}
                <Badge tone={platform.status === "Available" ? "success" : "warning"}>{platform.status}</Badge>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          There is no app-store app: {PRODUCT_NAME} installs from the browser and opens full screen like one.
        </p>
      </Section>
      <Section aria-labelledby="install-heading" id="install">
        <h2 id="install-heading" className="text-2xl font-bold">
          Install on your phone
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          <Card>
            <h3 className="font-semibold">Android (Chrome)</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
              <li>Open {PRODUCT_NAME} in Chrome and sign in.</li>
              <li>Open the ⋮ menu and tap “Add to Home screen” (or “Install app”).</li>
              <li>Start it from the new icon: it opens on your dashboard.</li>
            </ol>
          </Card>
          <Card>
            <h3 className="font-semibold">iPhone and iPad (Safari)</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
              <li>Open {PRODUCT_NAME} in Safari and sign in.</li>
              <li>Tap the Share button, then “Add to Home Screen”.</li>
              <li>Start it from the new icon.</li>
            </ol>
          </Card>
          <Card>
            <h3 className="font-semibold">Save from any app</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              On Android, once installed, {PRODUCT_NAME} appears in the share sheet: share a page from your browser or any app and
              it is saved and enriched, and you land on your dashboard. If you are signed out, you sign in first and the link is
              saved right after. iOS does not let web apps join the share sheet: copy the link and paste it into “Save a link”.
            </p>
          </Card>
        </div>
      </Section>
    </>
  );
}
