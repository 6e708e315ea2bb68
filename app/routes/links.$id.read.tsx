import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { ReaderView } from "~/components/reader/reader-view";
import { APP_PAGE } from "~/lib/page-layout";
import { requireUser } from "~/server/accounts/auth.server";
import { HttpError } from "~/server/platform/http.server";
import { readerArticle } from "~/server/reader/reader.server";
import { reviewAllowed } from "~/server/review/review.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.article.title ?? "Reader"} · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

/** /links/{id}/read: the link's article in the reader view (decision 055); another user's link, or none, is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const [article, refused] = await Promise.all([readerArticle(user.id, params.id!), reviewAllowed(user)]);
    // The reader offers "Add to review" and "Add key terms to review" to plans with review.
    return { article, canReview: refused === null };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Response("Link not found", { status: 404, statusText: "Not Found" });
    throw error;
  }
}

export default function ReaderRoute() {
  const { article, canReview } = useLoaderData<typeof loader>();
  // A fresh view per link: its position and settings start from that link's.
  return <ReaderView key={article.id} article={article} canReview={canReview} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">{gone ? "This link is not in your library" : "Could not open this article"}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{gone ? "It may have been deleted." : "Please try again."}</p>
      <Link to="/dashboard" className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium dark:border-slate-600">
        Back to links
      </Link>
    </div>
  );
}
