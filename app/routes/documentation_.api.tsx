import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Card, PageHeader, Section } from "~/components/ui";
import { SchemaFields, SchemaType, type JsonSchema } from "~/components/json-schema";
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
  parameters: Array<{ name: string; in: string; required: boolean; schema: JsonSchema }>;
  requestBody: JsonSchema | null;
  responses: Array<{ status: string; description: string; media: string[]; schema: JsonSchema | null }>;
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
          parameters: ((op.parameters as Operation["parameters"] | undefined) ?? []).map(({ name, in: where, required, schema }) => ({ name, in: where, required, schema })),
          requestBody: (content?.["application/json"]?.schema as JsonSchema | undefined) ?? null,
          responses: Object.entries(op.responses as Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>).map(([status, answer]) => ({
            status,
            description: answer.description,
            media: Object.keys(answer.content ?? {}),
            schema: answer.content?.["application/json"]?.schema ?? null,
          })),
        },
      ]);
    }
  }
  return { description: document.info.description, groups: [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)), schemas: document.components.schemas as Record<string, JsonSchema> };
}

const AUTH_LABELS: Record<string, string> = { none: "Public", user: "Token or session", session: "Session only", recent: "Recent sign-in", admin: "Admin" };

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
                  <span className="break-all">{op.path}</span>
                  <Badge>{AUTH_LABELS[op.auth] ?? op.auth}</Badge>
                </h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{op.summary}</p>
                {op.parameters.length ? (
                  <div className="mt-3">
                    <h4 className="text-sm font-medium">Parameters</h4>
                    <ul className="mt-1 space-y-1 text-sm">
                      {op.parameters.map((p) => (
                        <li key={`${p.in} ${p.name}`} className="flex flex-wrap items-baseline gap-x-2">
                          <code className="font-mono font-semibold">{p.name}</code>
                          <span className="text-xs text-slate-600 dark:text-slate-300">
                            {p.in}
                            {p.required ? ", required" : ""}
                          </span>
                          <SchemaType schema={p.schema} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {op.requestBody ? (
                  <div className="mt-3">
                    <h4 className="text-sm font-medium">
                      Request body <SchemaType schema={op.requestBody} />
                    </h4>
                    <SchemaFields schema={op.requestBody} />
                  </div>
                ) : null}
                <div className="mt-3">
                  <h4 className="text-sm font-medium">Answers</h4>
                  <ul className="mt-1 space-y-2 text-sm">
                    {op.responses.map((answer) => (
                      <li key={answer.status}>
                        <div className="flex flex-wrap items-baseline gap-x-2">
                          <Badge tone={answer.status.startsWith("2") ? "success" : answer.status.startsWith("4") ? "warning" : "neutral"}>{answer.status}</Badge>
                          {answer.schema ? <SchemaType schema={answer.schema} /> : null}
                          {answer.media.filter((media) => !(answer.schema && media === "application/json")).map((media) => (
                            <code key={media} className="font-mono text-xs">
                              {media}
                            </code>
                          ))}
                          <span className="text-slate-600 dark:text-slate-300">{answer.description}</span>
                        </div>
                        {answer.schema && !answer.schema.$ref ? <SchemaFields schema={answer.schema} /> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              </Card>
            ))}
          </section>
        ))}
        <section aria-labelledby="schemas" className="space-y-3">
          <h2 id="schemas" className="text-xl font-bold">
            Schemas
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-200">The named shapes the calls above refer to. Fields are required unless marked optional.</p>
          {Object.entries(schemas).map(([name, schema]) => (
            <Card key={name} id={`schema-${name}`} className="scroll-mt-20">
              <h3 className="font-mono text-sm font-semibold">
                {name} <SchemaType schema={schema} link={false} />
              </h3>
              {schema.description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{schema.description}</p> : null}
              <SchemaFields schema={schema} />
            </Card>
          ))}
        </section>
      </Section>
    </>
  );
}
