import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own config, run on small snippets as if they sat at the given paths.
const eslint = new ESLint({ cwd: import.meta.dirname });
const BOUNDARY_RULES = new Set(["no-restricted-syntax", "no-restricted-imports"]);

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
