import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AppHeader } from "~/components/app-layout";
import { ConfirmEmailBanner, confirmBannerDismissed } from "~/components/confirm-banner";
import { Footer } from "~/components/footer";
import { PRODUCT_NAME } from "~/components/logo";
import { NavBar } from "~/components/nav-bar";
import { PageScripts } from "~/components/page-scripts";
import { ToastProvider } from "~/components/toast";
import { ServiceWorkerRegistration, WebAppHead } from "~/components/web-app";
import { ButtonLink } from "~/components/ui";
import { useNonce } from "~/lib/nonce";
import { adoptEarlyInput } from "~/lib/early-input";
import { pageLayoutOf } from "~/lib/page-layout";
import { themeBootScript } from "~/lib/theme";
import { ZOD_JITLESS_SCRIPT } from "~/lib/zod-jitless";
import { toPublicUser } from "~/server/accounts/accounts.server";
import { getAuth } from "~/server/accounts/auth.server";
import { outboxPathFor } from "~/server/mail/outbox.server";
import { env } from "~/server/platform/env.server";
import { navDueCount } from "~/server/review/review.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) =>
  error
    ? [{ title: `${errorHeading(error)} · ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }]
    : [
        { title: `${PRODUCT_NAME} — save links, learn more` },
        { name: "description", content: "Save web links and let AI enrich them with summaries, tags, quizzes and mini-courses." },
      ];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getAuth(request);
  const [user, reviewDue] = auth ? await Promise.all([toPublicUser(auth.user), navDueCount(auth.user)]) : [null, null];
  // Pages' Open Graph tags need the site's absolute address.
  return {
    user,
    // The header's "Review 12": null when the plan has no review.
    reviewDue,
    appUrl: env().APP_URL,
    confirmBannerDismissed: confirmBannerDismissed(request.headers.get("Cookie")),
    // Where the confirmation mail went when no mail server is configured (the banner says so).
    mailOutbox: user && !user.emailConfirmed ? outboxPathFor() : null,
    // The error page names it when a page fails to render (the server logged it with this id).
    requestId: (context as { requestId?: string } | undefined)?.requestId ?? null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Undefined in the error boundary when the root loader itself failed.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const user = rootData?.user ?? null;
  // Public pages wear the site's header and footer, signed-in pages the app's header, popups nothing (decision 050).
  const layout = pageLayoutOf(
    useMatches().map((match) => match.handle),
    Boolean(user),
  );
  const banner = user && !user.emailConfirmed && !rootData?.confirmBannerDismissed && layout !== "bare" ? <ConfirmEmailBanner email={user.email} outbox={rootData?.mailOutbox ?? null} /> : null;
  return (
    // The boot script sets the theme class before React hydrates, so the server's
    // markup legitimately differs on <html>.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <WebAppHead />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {layout === "bare" ? null : (
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg dark:focus:bg-slate-900 dark:focus:text-brand-300">
            Skip to content
          </a>
        )}
        <ToastProvider>
          <NavigationProgress />
          {layout === "site" ? <NavBar user={user} /> : layout === "app" && user ? <AppHeader user={user} reviewDue={rootData?.reviewDue ?? null} /> : null}
          {banner}
          <main id="main" className="flex-1">
            {children}
          </main>
          {layout === "site" ? <Footer /> : null}
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
        <ServiceWorkerRegistration />
      </body>
    </html>
  );
}

/** A thin bar with a spinner while the next page (and its guards) load. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-500" />
  );
}

export default function App() {
  // Once hydrated: what was typed or chosen before is handed to React (app/lib/early-input.ts),
  // and <html data-hydrated> says the page answers to its JavaScript now (tests wait for it).
  useEffect(() => {
    adoptEarlyInput();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

/** A thrown `{ message }` (a 503 during a database outage, say) is shown as is. */
function routeErrorText(error: { status: number; statusText: string; data: unknown }): string {
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : `${error.status} ${error.statusText}`;
}

/**
 * The error page's heading and title. The spec's "Unexpected Application Error!" was Remix's
 * developer default; issue 33 asked for a real error page.
 */
function errorHeading(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return "Page not found";
  if (isRouteErrorResponse(error) && error.status === 503) return "Briefly unavailable";
  if (isRouteErrorResponse(error) && error.status < 500) return "This request could not be completed";
  return "Something went wrong";
}

/** The id the server logged the failure under: from its answer, else from this page's own request. */
function requestIdOf(error: unknown, pageRequestId: string | null | undefined): string | null {
  const fromAnswer = isRouteErrorResponse(error) ? (error.data as { requestId?: unknown } | null)?.requestId : undefined;
  if (typeof fromAnswer === "string") return fromAnswer;
  return isRouteErrorResponse(error) ? null : (pageRequestId ?? null);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Details stay in the server log; the page says the same thing for every failure.
  if (!isRouteErrorResponse(error)) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const requestId = notFound ? null : requestIdOf(error, rootData?.requestId);
  return (
    <div className="container-page flex flex-col items-center py-24 text-center" data-testid="error-page">
      <h1 className="text-3xl font-bold">{errorHeading(error)}</h1>
      <p className="mt-4 max-w-xl text-slate-600 dark:text-slate-300">
        {notFound ? "There is nothing at this address. It may have been moved or removed." : isRouteErrorResponse(error) ? routeErrorText(error) : "Something went wrong on our side. Please try again."}
      </p>
      {requestId ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          If you contact us about it, please quote this request id: <code className="select-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200" data-testid="request-id">{requestId}</code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Back to the home page</ButtonLink>
        {notFound ? null : (
          <ButtonLink to="/contact" variant="secondary">
            Contact support
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
