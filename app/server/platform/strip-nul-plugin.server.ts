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

export class StripNulPlugin implements KyselyPlugin {
  readonly #transformer = new StripNulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
