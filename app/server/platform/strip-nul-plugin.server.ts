import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from "kysely";

/**
 * Postgres text cannot hold a NUL character: a page, a model answer or a form field that
 * carries one would fail every insert with a data error. Every string value a query sends
 * (and every string inside an object sent as JSON) loses its NULs on the way, in this one place.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes("\u0000") ? value.replaceAll("\u0000", "") : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutNul(item)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)])) as T;
  }
  return value;
}

/** JSON for a jsonb column: `\u0000` is the one escape jsonb refuses. */
export function toJsonb(value: unknown): string {
  return JSON.stringify(withoutNul(value));
}

class StripNulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: withoutNul(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map((value) => withoutNul(value)) };
  }
}

/**
 * Whether any string in a query's tree holds a NUL: plain objects and arrays are walked, other
 * objects (dates, buffers) are values left as they are. Reading the tree costs a fraction of
 * rebuilding it, and almost no query carries a NUL.
 */
export function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key in value) if (holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export class StripNulPlugin implements KyselyPlugin {
  readonly #transformer = new StripNulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // The transformer rebuilds every node of the tree: only for the rare query that needs it.
    return holdsNul(args.node) ? this.#transformer.transformNode(args.node) : args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
