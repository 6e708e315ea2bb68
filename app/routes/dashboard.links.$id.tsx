import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { LinkPanel, useCloseLink } from "~/components/dashboard/link-panel";
import { useLiveDetail } from "~/components/dashboard/use-live-detail";
import { PRODUCT_NAME } from "~/components/logo";
import { requireUser } from "~/server/accounts/auth.server";
import { entitlementsFor } from "~/server/billing/entitlements.server";
import { linkEnrichment } from "~/server/enrichment/artifacts.server";
import { linkAttempts } from "~/server/jobs/link-attempts.server";
import { HttpError } from "~/server/platform/http.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.detail.title ?? "Link"} · ${PRODUCT_NAME}` }];

/**
 * /dashboard/links/{id}: a link's detail, nested in the dashboard (decision 052): a side panel
 * beside the list on a desktop, the page itself on a phone. Another user's link, or none, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id!;
  const [enrichment, history, entitlements] = await Promise.all([
    linkEnrichment(user.id, id).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) throw new Response("Link not found", { status: 404, statusText: "Not Found" });
      throw error;
    }),
    linkAttempts(id),
    entitlementsFor(user.role),
  ]);
  const { link, artifacts } = enrichment;
  return {
    detail: link,
    item: link.status === "enriched" ? { link, artifacts } : null,
    access: entitlements.features,
    attempts: history.attempts,
    kept: history.kept,
  };
}

export default function LinkDetailRoute() {
  // Kept current by the dashboard's live events (the link's status, summary, tags and attempts).
  const data = useLiveDetail(useLoaderData<typeof loader>());
  // A fresh panel per link: its forms start from that link's values.
  return <LinkPanel key={data.detail.id} detail={data.detail} item={data.item} access={data.access} attempts={data.attempts} kept={data.kept} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { id = "" } = useParams();
  const close = useCloseLink(id);
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <aside aria-label="Link" data-testid="link-panel" data-detail-panel className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900 lg:detail-panel lg:fixed lg:right-0 lg:top-[var(--app-header-height,4rem)] lg:z-30 lg:rounded-none lg:border-y-0 lg:border-r-0 lg:shadow-2xl">
      <h2 className="text-lg font-semibold">{gone ? "This link is not in your library" : "Could not open this link"}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{gone ? "It may have been deleted." : "Please try again."}</p>
      <button type="button" onClick={close} className="mt-3 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
        Back to links
      </button>
    </aside>
  );
}
