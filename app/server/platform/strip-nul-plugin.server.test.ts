import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { StripNulPlugin, holdsNul, toJsonb, withoutNul } from "./strip-nul-plugin.server";

interface Tables {
  notes: { id: string; body: string; tags: string[]; data: string };
}

const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new StripNulPlugin()],
});

describe("StripNulPlugin", () => {
  it("removes NUL from every string a query sends: values, arrays, where clauses and raw sql", () => {
    const insert = db.insertInto("notes").values({ id: "a", body: "x\u0000y", tags: ["t\u0000", "u"], data: "{}" }).compile();
    expect(insert.parameters).toEqual(["a", "xy", ["t", "u"], "{}"]);
    const update = db.updateTable("notes").set({ body: "\u0000" }).where("id", "in", ["b\u0000", "c"]).compile();
    expect(update.parameters).toEqual(["", "b", "c"]);
    const raw = sql`select ${"n\u0000ul"}`.compile(db);
    expect(raw.parameters).toEqual(["nul"]);
  });

  it("finds a NUL anywhere in a query's tree, and returns a query without one untouched (not rebuilt)", () => {
    // toOperationNode applies the plugins: the trees are built without them.
    const bare = db.withoutPlugins();
    const withNul = bare.updateTable("notes").set({ tags: ["a", "b\u0000"] }).where("id", "=", "x");
    expect(holdsNul(withNul.toOperationNode())).toBe(true);
    expect(holdsNul(bare.selectFrom("notes").selectAll().where(sql<boolean>`${"n\u0000"} = body`).toOperationNode())).toBe(true);
    expect(holdsNul({ buffer: Buffer.from("\u0000"), when: new Date(0) })).toBe(false);
    const plain = bare.updateTable("notes").set({ body: "words", tags: ["a"] }).where("id", "=", "x").toOperationNode();
    expect(new StripNulPlugin().transformQuery({ node: plain, queryId: { queryId: "q" } })).toBe(plain);
  });

  it("leaves other values as they are", () => {
    const when = new Date(0);
    const query = db.selectFrom("notes").selectAll().where("id", "=", "plain").where(sql<boolean>`${when} < now()`).limit(3).compile();
    expect(query.parameters).toEqual(["plain", when, 3]);
  });
});

describe("toJsonb", () => {
  it("drops NUL inside nested strings, where JSON would write the escape jsonb refuses", () => {
    const json = toJsonb({ code: [{ language: "c", code: "char c = '\u0000'; // \\u0000 stays" }] });
    expect(json).not.toContain("\\u0000'");
    expect(JSON.parse(json)).toEqual({ code: [{ language: "c", code: "char c = ''; // \\u0000 stays" }] });
    expect(withoutNul(["a\u0000", 1, null])).toEqual(["a", 1, null]);
  });
});
