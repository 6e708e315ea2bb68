import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OperationCard, SchemaCard } from "~/components/api-reference";
import type { JsonSchema } from "~/components/json-schema";
import { PRODUCT_NAME } from "~/components/logo";
import { API_REFERENCE_PATH } from "~/lib/api-reference";
import { apiReference } from "~/server/api/reference.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `/api/${data.tag.name} · ` : ""}API reference · ${PRODUCT_NAME}` },
  { name: "description", content: data ? `The ${data.tag.name} calls of the Linkwise REST API: parameters, answers and schemas.` : "The Linkwise REST API." },
];

/** One section of the reference: its calls, then the named schemas they use (decision 054). */
export function loader({ params }: LoaderFunctionArgs) {
  const page = apiReference().pages.get(params.tag ?? "");
  if (!page) throw new Response("No such section of the API reference", { status: 404 });
  return page;
}

export default function ApiReferenceSection() {
  const { tag, operations, schemas } = useLoaderData<typeof loader>();
  const names = Object.keys(schemas);
  return (
    <>
      <p className="text-sm">
        <Link to={API_REFERENCE_PATH} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
          API reference
        </Link>
      </p>
      <h1 className="mt-1 font-mono text-2xl font-bold tracking-tight sm:text-3xl">/api/{tag.name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {tag.count === 1 ? "1 call" : `${tag.count} calls`}
        {names.length ? `, and the ${names.length === 1 ? "schema" : `${names.length} schemas`} they use` : ""}.
      </p>
      <div className="mt-6 space-y-4">
        {operations.map((op) => (
          <OperationCard key={op.id} op={op} />
        ))}
      </div>
      {names.length ? (
        <section aria-labelledby="schemas" className="mt-10 space-y-3">
          <h2 id="schemas" className="text-xl font-bold">
            Schemas
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-200">The named shapes the calls above refer to. Fields are required unless marked optional.</p>
          {names.map((name) => (
            <SchemaCard key={name} name={name} schema={schemas[name] as JsonSchema} />
          ))}
        </section>
      ) : null}
    </>
  );
}
