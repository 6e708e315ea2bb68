import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { PRODUCT_NAME } from "~/components/logo";
import { Markdown } from "~/components/markdown";
import { API_REFERENCE_PATH, anchorTarget } from "~/lib/api-reference";
import { apiReference } from "~/server/api/reference.server";
import type { loader as frameLoader } from "./documentation_.api";

export const meta: MetaFunction = () => [
  { title: `API reference · ${PRODUCT_NAME}` },
  { name: "description", content: "Every call of the Linkwise REST API, generated from its OpenAPI 3.1 document." },
];

/** The overview: how to call the API, and its sections; each section's calls are a page of their own. */
export function loader() {
  const { description, schemaHome } = apiReference();
  return { description, schemaHome };
}

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200";

export default function ApiReferenceOverview() {
  const { description, schemaHome } = useLoaderData<typeof loader>();
  const { tags, index } = useRouteLoaderData<typeof frameLoader>("routes/documentation_.api")!;
  const navigate = useNavigate();

  // The reference was one page: its anchors (#links, #schema-Link) now live on a section's page.
  useEffect(() => {
    const target = anchorTarget(window.location.hash, tags, index, schemaHome);
    if (target) navigate(target, { replace: true });
  }, [tags, index, schemaHome, navigate]);

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
      <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">The Linkwise REST API: every call, its parameters and answers.</p>
      <div className="mt-6 space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-6">
        <Markdown text={description} className="text-sm text-slate-700 dark:text-slate-200" />
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Machine-readable:{" "}
          <a href="/api/openapi.json" className={LINK}>
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1). Create a token under{" "}
          <Link to="/settings/integrations" className={LINK}>
            Settings → API &amp; integrations
          </Link>
          .
        </p>
      </div>
      <h2 className="mt-10 text-xl font-bold">Sections</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {index.length} calls in {tags.length} sections, by the first part of their path. Each section's page has its calls and the schemas they use.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={`${API_REFERENCE_PATH}/${tag.slug}`}
              className="flex h-full items-baseline justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 hover:border-brand-400 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-500 dark:hover:bg-slate-800"
            >
              <span className="font-mono text-sm font-semibold text-slate-900 dark:text-slate-100">/api/{tag.name}</span>
              <span className="text-xs text-slate-600 dark:text-slate-300">{tag.count === 1 ? "1 call" : `${tag.count} calls`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
