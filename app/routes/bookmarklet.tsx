import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { AppPage } from "~/components/app-layout";
import { Card, PageHeader, Section } from "~/components/ui";
import { bookmarkletSource } from "~/lib/bookmarklet";
import { switchedOffMessage, upgradeUrl } from "~/lib/entitlements";
import { getAuth } from "~/server/accounts/auth.server";
import { featureAccess } from "~/server/billing/entitlements.server";
import { env } from "~/server/platform/env.server";
import { APP_PAGE } from "~/lib/page-layout";

export const meta: MetaFunction = () => [{ title: `Bookmarklet · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

/** The bookmarklet page: what it does, the link to drag, and whether the plan includes it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await getAuth(request);
  const access = auth ? (await featureAccess(auth.user.role)).bookmarkletSupport : null;
  return { source: bookmarkletSource(env().APP_URL), access };
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The draggable link. React warns about (and its next major blocks) `javascript:` hrefs, which a
 * bookmarklet is by definition, so this one anchor is written as markup. Clicked here it does
 * nothing: our CSP allows no inline script, javascript: URLs included.
 */
function BookmarkletLink({ source }: { source: string }) {
  const html =
    `<a href="${escapeAttribute(source)}" draggable="true" data-testid="bookmarklet-link" class="inline-flex min-h-10 cursor-grab items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow hover:bg-brand-700">` +
    `Save to ${escapeAttribute(PRODUCT_NAME)}</a>`;
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function Bookmarklet() {
  const { source, access } = useLoaderData<typeof loader>();
  const signedIn = access !== null;
  const content = (
    <div className="max-w-3xl space-y-6">
      {access === "locked" ? (
        <Alert tone="info">
          The bookmarklet is part of the Scout and Creator plans.{" "}
          <Link to={upgradeUrl("bookmarkletSupport")} className="font-medium underline">
            Upgrade to unlock it
          </Link>
          .
        </Alert>
      ) : access === "switched-off" ? (
        <Alert tone="info">{switchedOffMessage("bookmarkletSupport")}</Alert>
      ) : access === null ? (
        <Alert tone="info">
          <Link to="/login?redirectTo=/bookmarklet" className="font-medium underline">
            Sign in
          </Link>{" "}
          to use it: the bookmarklet saves into your own library (Scout and Creator plans).
        </Alert>
      ) : null}
      <Card>
        <h2 className="text-lg font-semibold">1. Drag this button to your bookmarks bar</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Show the bar with Ctrl+Shift+B (⌘+Shift+B on a Mac), then drag the button onto it. On a phone, add any bookmark, then edit its address and paste
          the bookmarklet's code.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <BookmarkletLink source={source} />
          <details className="text-sm">
            <summary className="cursor-pointer">Show the code</summary>
            <textarea readOnly aria-label="Bookmarklet code" value={source} className="mt-2 h-28 w-full max-w-xl rounded border border-slate-300 p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900" />
          </details>
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">2. Click it on any page you want to keep</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          A small {PRODUCT_NAME} window opens with the page's title and address. Choose <strong>Save to {PRODUCT_NAME}</strong>: the page is added to your
          library and the window shows it turning from Processing to Enriched. When your browser blocks the window, the tab itself goes to the save page.
        </p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Why it asks before saving</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          The bookmarklet only opens our page; nothing is sent from the site you are on. Saving happens when you press the button on our own page, so no
          other site can add links to your library behind your back.
        </p>
      </Card>
    </div>
  );
  // Signed in, an app page; a visitor sees the public page (the root layout draws the site's frame).
  return signedIn ? (
    <AppPage title="Bookmarklet" description="Save the page you are reading with one click, from any browser.">
      {content}
    </AppPage>
  ) : (
    <>
      <PageHeader title="Bookmarklet" subtitle="Save the page you are reading with one click, from any browser." />
      <Section>{content}</Section>
    </>
  );
}
