import type { ReactNode } from "react";
import { Markdown } from "./markdown";

/**
 * A JSON Schema (2020-12, as the OpenAPI document carries it) shown for people: each field with
 * its type, whether it is optional, and its description (Markdown). Named schemas link to their card
 * (`#schema-<Name>`), which each API reference page carries for the schemas its calls use.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

const REF = "#/components/schemas/";
const MAX_DEPTH = 4;

function variants(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

/** The parts of a union that are not `null`, and whether null is one of them. */
function withoutNull(schema: JsonSchema): { members: JsonSchema[]; nullable: boolean } {
  const all = variants(schema) ?? [schema];
  const members = all.filter((member) => member.type !== "null");
  return { members, nullable: members.length < all.length };
}

function label(schema: JsonSchema, link: boolean): ReactNode {
  if (schema.$ref?.startsWith(REF)) {
    const name = schema.$ref.slice(REF.length);
    return link ? (
      <a href={`#schema-${name}`} className="text-brand-600 underline dark:text-brand-400">
        {name}
      </a>
    ) : (
      name
    );
  }
  const union = variants(schema);
  if (union) return join(union.map((member) => label(member, link)));
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array") return <>array of {schema.items ? label(schema.items, link) : "any"}</>;
  if (schema.type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    return <>map of {label(schema.additionalProperties, link)}</>;
  }
  if (schema.type === "string" && schema.format) return `string (${schema.format})`;
  return schema.type ?? "any";
}

function join(parts: ReactNode[]): ReactNode {
  return parts.map((part, index) => (
    <span key={index}>
      {index > 0 ? " | " : null}
      {part}
    </span>
  ));
}

/** A schema's type in a few words: `string (uuid)`, `array of Link`, `"short" | "long"`, `integer | null`. */
export function SchemaType({ schema, link = true }: { schema: JsonSchema; link?: boolean }) {
  return <span className="break-words font-mono text-xs text-slate-600 dark:text-slate-300">{label(schema, link)}</span>;
}

/** The inline object a schema describes (directly, as the items of an array, or as the non-null side of a union), if any. */
function inlineObject(schema: JsonSchema): JsonSchema | null {
  if (schema.$ref) return null;
  if (schema.properties) return schema;
  if (schema.type === "array" && schema.items) return inlineObject(schema.items);
  const { members } = withoutNull(schema);
  if (variants(schema) && members.length === 1) return inlineObject(members[0]!);
  if (schema.type === "object" && typeof schema.additionalProperties === "object") return inlineObject(schema.additionalProperties);
  return null;
}

/** The fields of an object schema (or of what it wraps), one line each, nested objects indented. */
export function SchemaFields({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const object = inlineObject(schema);
  if (!object?.properties || depth > MAX_DEPTH) return null;
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth === 0 ? "mt-2 space-y-1.5 text-sm" : "mt-1 space-y-1.5 border-l-2 border-slate-200 pl-3 dark:border-slate-700"}>
      {Object.entries(object.properties).map(([name, field]) => (
        <li key={name}>
          <div className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-semibold text-slate-900 dark:text-slate-100">{name}</code>
            <SchemaType schema={field} />
            {required.has(name) ? null : <span className="text-xs text-slate-600 dark:text-slate-300">optional</span>}
          </div>
          {field.description ? <Markdown text={field.description} className="text-slate-700 dark:text-slate-200" /> : null}
          <SchemaFields schema={field} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}
