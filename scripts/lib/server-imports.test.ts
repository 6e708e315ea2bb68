import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SERVER_LAYERS } from "../lint-server-layers.js";
import { describeCycle, importSpecifiers, roomCycles, roomGraph } from "./server-imports";

const SERVER_DIR = path.resolve(import.meta.dirname, "../../app/server");

describe("the rooms of app/server (decision 036)", () => {
  it("import each other in no circle", () => {
    const graph = roomGraph(SERVER_DIR);
    const cycles = roomCycles(graph);
    expect(cycles.map((cycle) => describeCycle(graph, cycle))).toEqual([]);
  });

  it("each have a layer in the lint's table, and every import goes down it", () => {
    const rank = new Map(SERVER_LAYERS.flatMap((rooms, i) => rooms.map((room) => [room, i] as const)));
    const graph = roomGraph(SERVER_DIR);
    expect([...graph.keys()].filter((room) => !rank.has(room))).toEqual([]);
    const upward = [...graph].flatMap(([from, edges]) => [...edges].filter(([to]) => rank.get(to)! >= rank.get(from)!).map(([to, where]) => `${from} → ${to} (${where})`));
    expect(upward).toEqual([]);
  });
});

describe("the cycle check", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A throwaway app/server with the given files. */
  function plant(files: Record<string, string>): string {
    dir = mkdtempSync(path.join(tmpdir(), "server-rooms-"));
    const server = path.join(dir, "app", "server");
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(server, file)), { recursive: true });
      writeFileSync(path.join(server, file), source);
    }
    return server;
  }

  it("reads static, type-only, re-exported and dynamic imports, not ones in comments", () => {
    const source = `
      import { a } from "./a.server";
      import type { B } from "../b/b.server";
      export { c } from "~/server/c/c.server";
      // import { d } from "../d/d.server";
      const e = await import("../e/e.server");
    `;
    expect(importSpecifiers(source)).toEqual(["./a.server", "../b/b.server", "~/server/c/c.server", "../e/e.server"]);
  });

  it("fails on a planted cycle through a type import, the alias and a dynamic import", () => {
    const server = plant({
      "low/low.server.ts": `import type { High } from "../high/high.server";\nexport type Low = High;\n`,
      "middle/middle.server.ts": `import type { Low } from "~/server/low/low.server";\nexport type Middle = Low;\n`,
      "high/high.server.ts": `export type High = string;\nexport const load = () => import("../middle/middle.server");\n`,
      "high/high.server.test.ts": `import "../other/other.server";\n`,
      "other/other.server.ts": `import { load } from "../high/high.server";\nexport const f = load;\n`,
    });
    const graph = roomGraph(server);
    const cycles = roomCycles(graph);
    expect(cycles).toEqual([["high", "low", "middle"]]);
    expect(describeCycle(graph, cycles[0]!)).toEqual([
      'high → middle (high/high.server.ts → ../middle/middle.server)',
      'low → high (low/low.server.ts → ../high/high.server)',
      'middle → low (middle/middle.server.ts → ~/server/low/low.server)',
    ]);
  });

  it("passes once the shared part moves a layer down", () => {
    const server = plant({
      "low/low.server.ts": `export type Low = string;\n`,
      "middle/middle.server.ts": `import type { Low } from "~/server/low/low.server";\nexport type Middle = Low;\n`,
      "high/high.server.ts": `import type { Low } from "../low/low.server";\nexport type High = Low;\nexport const load = () => import("../middle/middle.server");\n`,
    });
    expect(roomCycles(roomGraph(server))).toEqual([]);
  });
});
