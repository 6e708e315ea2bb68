/**
 * The API reference's pages, cut from the OpenAPI document (decision 054): an index of every call
 * for the side navigation and the filter, and one page per tag with its calls and the named
 * schemas they refer to (directly or through other schemas), so every `#schema-…` link on a tag
 * page lands on that page.
 */
import { tagSlug, type ReferenceEntry, type ReferenceOperation, type ReferenceTag } from "~/lib/api-reference";
import { openApiDocument, type OpenApiDocument } from "./openapi.server";

type Schema = Record<string, unknown>;

export type ReferencePage = { tag: ReferenceTag; operations: ReferenceOperation[]; schemas: Record<string, Schema> };

export type ApiReference = {
  description: string;
  tags: ReferenceTag[];
  index: ReferenceEntry[];
  pages: Map<string, ReferencePage>;
  /** The tag page that carries each named schema (the first in tag order), for old `#schema-…` links. */
  schemaHome: Record<string, string>;
};

const REF = /"#\/components\/schemas\/([^"]+)"/g;

function referencedSchemas(start: unknown, all: Record<string, Schema>): Record<string, Schema> {
  const found = new Set<string>();
  const queue = [JSON.stringify(start)];
  while (queue.length) {
    for (const [, name] of queue.pop()!.matchAll(REF)) {
      if (found.has(name!) || !all[name!]) continue;
      found.add(name!);
      queue.push(JSON.stringify(all[name!]));
    }
  }
  return Object.fromEntries([...found].sort().map((name) => [name, all[name]!]));
}

export function buildApiReference(document: OpenApiDocument): ApiReference {
  const all = document.components.schemas;
  const byTag = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item) as Array<[string, Record<string, unknown>]>) {
      const tag = (op.tags as string[])[0]!;
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      const parameters = (op.parameters as ReferenceOperation["parameters"] | undefined) ?? [];
      const answers = op.responses as Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
      byTag.set(tag, [
        ...(byTag.get(tag) ?? []),
        {
          id: op.operationId as string,
          method: method.toUpperCase(),
          path,
          summary: op.summary as string,
          description: (op.description as string | undefined) ?? (op.summary as string),
          auth: op["x-linkwise-auth"] as string,
          parameters: parameters.map(({ name, in: where, required, schema }) => ({ name, in: where, required, schema })),
          requestBody: content?.["application/json"]?.schema ?? null,
          responses: Object.entries(answers).map(([status, answer]) => ({
            status,
            description: answer.description,
            media: Object.keys(answer.content ?? {}),
            schema: answer.content?.["application/json"]?.schema ?? null,
          })),
        },
      ]);
    }
  }
  const tags: ReferenceTag[] = [...byTag.keys()].sort((a, b) => a.localeCompare(b)).map((name) => ({ name, slug: tagSlug(name), count: byTag.get(name)!.length }));
  const pages = new Map<string, ReferencePage>();
  const schemaHome: Record<string, string> = {};
  for (const tag of tags) {
    const operations = byTag.get(tag.name)!;
    const schemas = referencedSchemas(operations, all);
    for (const name of Object.keys(schemas)) schemaHome[name] ??= tag.slug;
    pages.set(tag.slug, { tag, operations, schemas });
  }
  return {
    description: document.info.description,
    tags,
    index: tags.flatMap((tag) => byTag.get(tag.name)!.map(({ id, method, path, summary }) => ({ id, method, path, summary, tag: tag.slug }))),
    pages,
    schemaHome,
  };
}

let cached: ApiReference | null = null;

/** Built once per process, like the document it is cut from. */
export function apiReference(): ApiReference {
  cached ??= buildApiReference(openApiDocument());
  return cached;
}
