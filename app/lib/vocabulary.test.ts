import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLAG_ROLES } from "./feature-flags";
import { ARTIFACT_KINDS, CARD_KINDS, CARD_STATES, CREDIT_REASONS, HIGHLIGHT_COLOURS, IMPORT_STATUSES, LINK_STATUSES, PAYMENT_PROVIDERS, REVIEW_GRADES, ROLES, WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "./vocabulary";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");

/**
 * The values a column's check constraint allows as the migrations leave it: the last
 * `column in (...)` that an `up` creating or altering the table says. Migrations are frozen
 * (they never import app code), so this is how the lists and the database are kept in step.
 */
function checkedValues(table: string, column: string): string[] {
  const files = readdirSync(MIGRATIONS)
    .filter((name) => /^\d{8}T\d{6}_.+\.ts$/.test(name))
    .sort();
  let found: string[] | undefined;
  for (const file of files) {
    const source = readFileSync(path.join(MIGRATIONS, file), "utf8");
    const down = source.indexOf("export async function down");
    const up = source.slice(source.indexOf("export async function up"), down === -1 ? undefined : down);
    for (const statement of up.split(".execute(")) {
      const tables = [...statement.matchAll(/(?:createTable|alterTable)\("(\w+)"\)|alter table (\w+)/g)].map((match) => match[1] ?? match[2]);
      if (!tables.includes(table)) continue;
      for (const match of statement.matchAll(new RegExp(`(?<![\\w.])${column} in \\(([^)]*)\\)`, "g"))) {
        found = [...match[1]!.matchAll(/'([^']*)'/g)].map((value) => value[1]!);
      }
    }
  }
  if (!found) throw new Error(`No migration checks ${table}.${column}`);
  return found;
}

describe("the vocabulary and the database's check constraints", () => {
  it.each([
    ["users", "role", ROLES],
    ["role_grants", "role", ROLES.filter((role) => role !== "FreeUser")],
    ["feature_flags", "role", FLAG_ROLES],
    ["links", "status", LINK_STATUSES],
    ["imports", "status", IMPORT_STATUSES],
    ["link_artifacts", "kind", ARTIFACT_KINDS],
    ["checkouts", "provider", PAYMENT_PROVIDERS],
    ["subscriptions", "provider", PAYMENT_PROVIDERS],
    ["credit_ledger", "reason", CREDIT_REASONS],
    ["highlights", "colour", HIGHLIGHT_COLOURS],
    ["cards", "kind", CARD_KINDS],
    ["cards", "state", CARD_STATES],
    ["card_reviews", "state_before", CARD_STATES],
    ["card_reviews", "grade", REVIEW_GRADES],
    ["webhook_deliveries", "status", WEBHOOK_DELIVERY_STATUSES],
    ["webhook_deliveries", "event", WEBHOOK_DELIVERY_EVENTS],
  ] as const)("%s.%s allows exactly the list's values", (table, column, list) => {
    expect(checkedValues(table, column).sort()).toEqual([...list].sort());
  });

  it("webhooks.events allows exactly the subscribable events", () => {
    const source = readFileSync(path.join(MIGRATIONS, "20261129T120000_add_webhooks.ts"), "utf8");
    const listed = /events <@ array\[([^\]]*)\]/.exec(source)?.[1] ?? "";
    expect([...listed.matchAll(/'([^']*)'/g)].map((value) => value[1]).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it("reads the constraint a later migration replaced, not the first one", () => {
    // links.status gained "unenriched" with the imports (20261125T040000).
    expect(checkedValues("links", "status")).toContain("unenriched");
  });
});
