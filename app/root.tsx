import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/footer";
import { PRODUCT_NAME } from "~/components/logo";
import { NavBar } from "~/components/nav-bar";
import { ToastProvider } from "~/components/toast";
import { ButtonLink } from "~/components/ui";
import { useNonce } from "~/lib/nonce";
import { themeBootScript } from "~/lib/theme";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: `${PRODUCT_NAME} — save links, learn more` },
  { name: "description", content: "Save web links and let AI enrich them with summaries, tags, quizzes and mini-courses." },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    // The boot script sets the theme class before React hydrates, so the server's
    // markup legitimately differs on <html>.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50">
          Skip to content
        </a>
        <ToastProvider>
          <NavBar />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer />
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Details stay in the server log; the page says the same thing for every failure.
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong on our side. Please try again."}
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </div>
  );
}
