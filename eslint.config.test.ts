import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own config, run on small snippets as if they sat at the given paths.
const eslint = new ESLint({ cwd: import.meta.dirname });
const BOUNDARY_RULES = new Set(["no-restricted-syntax", "no-restricted-imports", "server-layers/layers"]);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

const QUERY = `
import type { Database } from "~/server/platform/db.server";
export const f = (db: Database) => db.selectFrom("links").selectAll().execute();
export const g = (db: Database) => db.deleteFrom("links").execute();
`;
const RAW_SQL = `
import { sql } from "kysely";
export const ping = sql\`select 1\`;
`;

describe("SQL stays in app/server/repos", () => {
  it("refuses query builders in a service, the worker and scripts", async () => {
    for (const path of ["app/server/links/example.server.ts", "worker/processors/example.ts", "scripts/example.ts"]) {
      const errors = await boundaryErrors(path, QUERY);
      expect(errors, path).toHaveLength(2);
      expect(errors[0], path).toMatch(/^no-restricted-syntax: Queries live in app\/server\/repos\//);
    }
  });

  it("refuses the sql tag outside repos, including where other import rules apply", async () => {
    for (const path of ["app/server/seed/example.server.ts", "worker/index-example.ts", "app/routes/api.example.ts", "app/lib/example.ts"]) {
      expect(await boundaryErrors(path, RAW_SQL), path).toEqual([
        'no-restricted-imports: \'sql\' import from \'kysely\' is restricted. Raw SQL lives in app/server/repos/: add or use a repo function there.',
      ]);
    }
  });

  it("allows both in repos, migrations and tests", async () => {
    for (const path of ["app/server/repos/example.server.ts", "migrations/20990101T000000_example.ts", "tests/integration/example.test.ts", "app/server/platform/example.server.test.ts"]) {
      expect(await boundaryErrors(path, QUERY + RAW_SQL.replace("import", "\nimport")), path).toEqual([]);
    }
  });

  it("lets other code import Kysely's types and classes", async () => {
    const code = `import { Migrator, type Kysely } from "kysely";\nexport type K = Kysely<unknown>;\nexport const M = Migrator;\n`;
    expect(await boundaryErrors("app/server/platform/example.server.ts", code)).toEqual([]);
  });
});

describe("routes call services, not repos", () => {
  it("refuses a repo import in a route", async () => {
    const code = `import { listLinks } from "~/server/repos/links.server";\nexport const loader = () => listLinks;\n`;
    const errors = await boundaryErrors("app/routes/api.example.ts", code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-imports: .*Routes call a service in app\/server\/<room>, never a repo\./);
  });

  it("refuses the database handle in a route", async () => {
    const errors = await boundaryErrors("app/routes/api.example.ts", `import { db } from "~/server/platform/db.server";\nexport const loader = () => db;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Routes call a service, which reaches the database itself\./);
  });

  it("allows a service import in a route, and a repo import in a service", async () => {
    expect(await boundaryErrors("app/routes/dashboard.tsx", `import { listUserLinks } from "~/server/links/links.server";\nexport const f = listUserLinks;\n`)).toEqual([]);
    expect(await boundaryErrors("app/server/links/example.server.ts", `import { listLinks } from "../repos/links.server";\nexport const f = listLinks;\n`)).toEqual([]);
  });
});

describe("the earlier boundaries still hold beside the SQL rule", () => {
  it("keeps React out of the worker and server modules out of components", async () => {
    expect(await boundaryErrors("worker/example.ts", `import { useState } from "react";\nexport const f = useState;\n`)).toHaveLength(1);
    expect(await boundaryErrors("app/components/example.tsx", `import { db } from "~/server/platform/db.server";\nexport const f = db;\n`)).toHaveLength(1);
  });
});

describe("app/server rooms are layers (decision 036)", () => {
  const layerErrors = async (filePath: string, code: string) => (await boundaryErrors(filePath, code)).filter((e) => e.startsWith("server-layers/layers: "));

  it("refuses an import of a room above", async () => {
    const errors = await layerErrors("app/server/platform/example.server.ts", `import { QUEUES } from "../jobs/queue.server";\nexport const f = QUEUES;\n`);
    expect(errors).toEqual([
      "server-layers/layers: app/server/platform (layer 0) may not import app/server/jobs (layer 5, above it): imports go down the layers only; move the shared part a layer down (docs/decisions/036-server-layers.md).",
    ]);
  });

  it("refuses a room beside it, through the alias, a type import, a re-export or a dynamic import", async () => {
    const code = `
import type { Actor } from "~/server/admin/users.server";
export { recordAudit } from "../audit/audit.server";
export type A = Actor;
export const load = () => import("../sharing/sharing.server");
`;
    const errors = await layerErrors("app/server/billing/example.server.ts", code);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/app\/server\/billing \(layer 4\) may not import app\/server\/admin \(layer 11, above it\)/);
    expect(errors[1]).toMatch(/app\/server\/billing \(layer 4\) may not import app\/server\/sharing \(layer 11, above it\)/);
    expect(await layerErrors("app/server/jobs/example.server.ts", `import { ADMIN_ONLY } from "../accounts/auth.server";\nexport const f = ADMIN_ONLY;\n`)).toEqual([
      expect.stringMatching(/app\/server\/jobs \(layer 5\) may not import app\/server\/accounts \(layer 5, beside it\)/),
    ]);
  });

  it("refuses reaching into another room's internals, from a room, a route or the worker", async () => {
    expect(await layerErrors("app/server/enrichment/example.server.ts", `import { x } from "../billing/catalogue.server";\nexport const f = x;\n`)).toEqual([
      expect.stringMatching(/^server-layers\/layers: catalogue is internal to app\/server\/billing: import one of its entry modules \(billing, checkout, /),
    ]);
    expect(await layerErrors("app/routes/api.example.ts", `import { decode } from "~/server/fetching/charset.server";\nexport const loader = () => decode;\n`)).toHaveLength(1);
    expect(await layerErrors("worker/processors/example.ts", `import { quiz } from "~/server/enrichment/local/quiz.server";\nexport const f = quiz;\n`)).toHaveLength(1);
  });

  it("refuses a room that is in no layer", async () => {
    expect(await layerErrors("app/server/newroom/example.server.ts", `import { env } from "../platform/env.server";\nexport const f = env;\n`)).toEqual([
      expect.stringMatching(/app\/server\/newroom is in no layer: add it to SERVER_LAYERS in scripts\/lint-server-layers\.js/),
    ]);
  });

  it("allows entry modules of lower rooms, a room's own internals, and tests anywhere", async () => {
    const down = `
import { env } from "../../platform/env.server";
import { listLinks } from "~/server/repos/links.server";
import type { StepLogger } from "../../jobs/log-lines.server";
import { getUserLink } from "../../links/links.server";
import { rephrase } from "./rephrase.server";
export const f = [env, listLinks, getUserLink, rephrase];
export type S = StepLogger;
`;
    expect(await layerErrors("app/server/enrichment/local/example.server.ts", down)).toEqual([]);
    expect(await layerErrors("app/routes/admin.example.tsx", `import { createWebServer } from "~/server/web/web.server";\nexport const f = createWebServer;\n`)).toEqual([]);
    expect(await layerErrors("app/server/platform/example.server.test.ts", `import { quiz } from "../enrichment/local/quiz.server";\nexport const f = quiz;\n`)).toEqual([]);
  });
});

// ESLint's first lint of a .tsx path loads the React rules: seconds on a busy machine.
describe("zod is imported as a namespace (decision 058)", { timeout: 60_000 }, () => {
  it("refuses the named z, which keeps all of zod in the browser's bundle", async () => {
    for (const path of ["app/lib/example.ts", "app/components/example.tsx", "app/routes/example.tsx"]) {
      expect(await boundaryErrors(path, `import { z } from "zod";\nexport const s = z.string();\n`), path).toEqual([
        'no-restricted-syntax: Import zod as a namespace (import * as z from "zod"), which the bundler can cut to what the page uses.',
      ]);
    }
  });

  it("allows the namespace import, for values and for types", async () => {
    const code = `import * as z from "zod";\nimport type * as zt from "zod";\nexport const s = z.string();\nexport type S = zt.infer<typeof s>;\n`;
    expect(await boundaryErrors("app/lib/example.ts", code)).toEqual([]);
  });
});
