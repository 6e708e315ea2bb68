import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Card, PageHeader, Section } from "~/components/ui";
import { openApiDocument } from "~/server/api/openapi.server";

export const meta: MetaFunction = () => [
  { title: `API reference · ${PRODUCT_NAME}` },
  { name: "description", content: "Every call of the Linkwise REST API, generated from its OpenAPI 3.1 document." },
];

type Operation = {
  method: string;
  path: string;
  summary: string;
  auth: string;
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody: unknown;
  responses: Record<string, unknown>;
};

/** The API reference, rendered from the same document /api/openapi.json serves. */
export async function loader() {
  const document = openApiDocument();
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item) as Array<[string, Record<string, unknown>]>) {
      const tag = (op.tags as string[])[0]!;
      const content = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
      groups.set(tag, [
        ...(groups.get(tag) ?? []),
        {
          method: method.toUpperCase(),
          path,
          summary: op.summary as string,
          auth: op["x-linkwise-auth"] as string,
          parameters: ((op.parameters as Operation["parameters"] | undefined) ?? []).map(({ name, in: where, required }) => ({ name, in: where, required })),
          requestBody: content?.["application/json"]?.schema ?? null,
          responses: Object.fromEntries(
            Object.entries(op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>).map(([status, answer]) => [status, answer.content?.["application/json"]?.schema ?? null]),
          ),
        },
      ]);
    }
  }
  return { description: document.info.description, groups: [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)), schemas: document.components.schemas };
}

const AUTH_LABELS: Record<string, string> = { none: "Public", user: "Token or session", session: "Session only", admin: "Admin" };

function Json({ value }: { value: unknown }) {
  return <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(value, null, 2)}</pre>;
}

export default function ApiReference() {
  const { description, groups, schemas } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="API reference" subtitle="The Linkwise REST API: every call, its parameters and answers." />
      <Section className="space-y-6">
        <Card>
          <p className="text-sm text-slate-700 dark:text-slate-200">{description}</p>
          <p className="mt-3 text-sm">
            Machine-readable: <a href="/api/openapi.json" className="font-medium text-brand-600 underline dark:text-brand-400">/api/openapi.json</a> (OpenAPI 3.1).
            Create a token under{" "}
            <Link to="/settings/integrations" className="font-medium text-brand-600 underline dark:text-brand-400">
              Settings → API &amp; integrations
            </Link>
            .
          </p>
        </Card>
        <nav aria-label="API sections" className="flex flex-wrap gap-2 text-sm">
          {groups.map(([tag]) => (
            <a key={tag} href={`#${tag}`} className="rounded border border-slate-200 px-2 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
              {tag}
            </a>
          ))}
        </nav>
        {groups.map(([tag, operations]) => (
          <section key={tag} aria-labelledby={tag} className="space-y-3">
            <h2 id={tag} className="text-xl font-bold">
              {tag}
            </h2>
            {operations.map((op) => (
              <Card key={`${op.method} ${op.path}`} data-testid="api-operation">
                <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm font-semibold">
                  <Badge tone={op.method === "GET" ? "brand" : op.method === "DELETE" ? "danger" : "success"}>{op.method}</Badge>
                  {op.path}
                  <Badge>{AUTH_LABELS[op.auth] ?? op.auth}</Badge>
                </h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{op.summary}</p>
                {op.parameters.length ? (
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
                    Parameters: {op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ", required" : ""})`).join(", ")}
                  </p>
                ) : null}
                {op.requestBody || Object.values(op.responses).some(Boolean) ? (
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer">Schemas</summary>
                    {op.requestBody ? (
                      <>
                        <h4 className="mt-2 font-medium">Request body</h4>
                        <Json value={op.requestBody} />
                      </>
                    ) : null}
                    {Object.entries(op.responses).map(([status, schema]) =>
                      schema ? (
                        <div key={status}>
                          <h4 className="mt-2 font-medium">{status}</h4>
                          <Json value={schema} />
                        </div>
                      ) : null,
                    )}
                  </details>
                ) : null}
              </Card>
            ))}
          </section>
        ))}
        <section aria-labelledby="schemas" className="space-y-3">
          <h2 id="schemas" className="text-xl font-bold">
            Schemas
          </h2>
          {Object.entries(schemas).map(([name, schema]) => (
            <details key={name} id={`schema-${name}`} className="rounded border border-slate-200 p-3 text-sm dark:border-slate-800">
              <summary className="cursor-pointer font-mono">{name}</summary>
              <Json value={schema} />
            </details>
          ))}
        </section>
      </Section>
    </>
  );
}
