import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Which rooms (folders) of app/server import which (decision 036). Every module counts except
 * tests: static imports, `import type`, `export … from` and dynamic `import()`, read by
 * TypeScript's own pre-parser, so an import in a comment or a string is not one.
 */

/** room → the rooms it imports → one "file → specifier" per edge, to say where a cycle comes from. */
export type RoomGraph = Map<string, Map<string, string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a source file names, however it imports it. */
export function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The folder graph of `serverDir` (app/server); `~/` is its parent folder (app/), as in tsconfig. */
export function roomGraph(serverDir: string): RoomGraph {
  const appDir = path.dirname(serverDir);
  const graph: RoomGraph = new Map();
  for (const file of sourceFiles(serverDir)) {
    const room = path.relative(serverDir, file).split(path.sep)[0]!;
    const edges = graph.get(room) ?? new Map<string, string>();
    graph.set(room, edges);
    for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
      const target = specifier.startsWith("~/") ? path.join(appDir, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : null;
      if (!target) continue;
      const relative = path.relative(serverDir, target);
      if (relative.startsWith("..") || path.isAbsolute(relative)) continue;
      const to = relative.split(path.sep)[0]!;
      if (to !== room && !edges.has(to)) edges.set(to, `${path.relative(serverDir, file)} → ${specifier}`);
    }
  }
  return graph;
}

/** The graph's cycles: each strongly connected group of two or more rooms, sorted (Tarjan). */
export function roomCycles(graph: RoomGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next++);
    stack.push(room);
    onStack.add(room);
    for (const to of graph.get(room)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(room, Math.min(low.get(room)!, index.get(to)!));
      }
    }
    if (low.get(room) === index.get(room)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== room);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const room of [...graph.keys()].sort()) if (!index.has(room)) visit(room);
  return cycles;
}

/** One line per edge inside a cycle, e.g. "billing → admin (billing/x.server.ts → ../admin/audit.server)". */
export function describeCycle(graph: RoomGraph, cycle: string[]): string[] {
  return cycle.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, string>())].filter(([to]) => cycle.includes(to)).map(([to, where]) => `${from} → ${to} (${where})`),
  );
}
