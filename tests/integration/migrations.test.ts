import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "~/server/platform/db.server";
import { listMigrations, migrateDown, migrateToLatest, migrateToNothing } from "~/server/ops/migrator.server";
import { migrations } from "../../migrations/index";
import { createTestDatabase, dropTestDatabase } from "../helpers/test-database";

const ALL_TABLES = [
  "affiliate_rules",
  "api_tokens",
  "app_settings",
  "audit_events",
  "auth_failures",
  "auth_sessions",
  "bulk_operations",
  "card_reviews",
  "cards",
  "checkouts",
  "contact_messages",
  "credit_ledger",
  "email_tokens",
  "enrichment_usage",
  "favicons",
  "feature_flags",
  "feed_items",
  "feeds",
  "fetch_cache",
  "highlights",
  "import_items",
  "imports",
  "lead_images",
  "link_articles",
  "link_artifacts",
  "link_captures",
  "links",
  "mail_outbox",
  "notifications",
  "payment_events",
  "plan_notify_signups",
  "reading_positions",
  "receipts",
  "role_grants",
  "saved_searches",
  "share_views",
  "subscriptions",
  "user_preferences",
  "users",
  "webhook_deliveries",
  "webhooks",
  "worker_heartbeats",
];

const database = await createTestDatabase("mig", { migrate: false });
const db = createDb(database.url, 1);

afterAll(async () => {
  await db.destroy();
  await dropTestDatabase(database.name);
});

async function tables(): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db);
  return result.rows.map((row) => row.table_name);
}

async function indexes(): Promise<string[]> {
  const result = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = 'public' order by indexname`.execute(db);
  return result.rows.map((row) => row.indexname);
}

async function reloptions(table: string): Promise<string[]> {
  const result = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where relname = ${table}`.execute(db);
  return result.rows[0]?.reloptions ?? [];
}

async function columns(table: string): Promise<string[]> {
  const result = await sql<{ column_name: string }>`
    select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`.execute(db);
  return result.rows.map((row) => row.column_name);
}

describe("migrations", () => {
  it("lists every migration file in the index, in name order", async () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect((await listMigrations(db)).map((m) => m.name)).toEqual(names);
  });

  it("apply from nothing to latest, and a second run does nothing", async () => {
    const applied = await migrateToLatest(db);
    expect(applied).toHaveLength(Object.keys(migrations).length);
    expect(await tables()).toEqual(ALL_TABLES);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("revert one step at a time, then all the way down, then up again", async () => {
    const names = Object.keys(migrations);
    // Newest first, one step at a time, down to the plan news sign-ups: each step reverts exactly
    // one migration, and one that created a table takes it away.
    const createdBy: Record<string, string> = {
      "20261121T040000_create_plan_notify_signups": "plan_notify_signups",
      "20261124T000000_create_audit_events": "audit_events",
      "20261124T010000_create_feature_flags": "feature_flags",
      "20261124T020000_create_role_grants": "role_grants",
      "20261124T070000_create_payments": "checkouts",
      "20261124T110000_create_favicons": "favicons",
      "20261125T020000_add_link_reader_details": "lead_images",
      "20261125T030000_create_api_tokens": "api_tokens",
      "20261125T030100_create_affiliate_rules": "affiliate_rules",
      "20261125T040000_create_imports": "imports",
      "20261126T010000_create_fetch_cache": "fetch_cache",
      "20261126T040000_create_bulk_operations": "bulk_operations",
      "20261129T080000_add_reader": "link_articles",
      "20261129T100000_add_highlights": "highlights",
      "20261129T120000_add_webhooks": "webhooks",
      "20261129T130000_add_cards": "cards",
      "20261130T100000_add_link_captures": "link_captures",
      "20261130T110000_add_feeds": "feeds",
    };
    // A migration that only added columns or indexes takes them away.
    const columnsBy: Record<string, [string, string]> = {
      "20261124T050000_add_job_operations": ["links", "reenrich_requested_at"],
      "20261125T010000_add_link_soft_delete": ["links", "deleted_at"],
      "20261126T010100_add_link_fetch_record": ["links", "fetch_method"],
      "20261126T030000_add_link_search": ["links", "search_vector"],
      "20261127T010000_add_link_search_rank_vector": ["links", "search_rank_vector"],
      "20261128T020000_add_bulk_failures_notified": ["bulk_operations", "failures_notified_at"],
      "20261129T070000_add_read_state": ["links", "read_at"],
      "20261129T100500_add_share_highlights": ["links", "share_highlights"],
      "20261130T160000_add_instance_webhooks": ["webhooks", "instance"],
    };
    const indexedBy: Record<string, string[]> = {
      "20261124T030000_add_admin_stats_indexes": ["links_created_at_idx", "enrichment_usage_created_at_idx"],
      "20261124T060000_index_foreign_keys": ["link_artifacts_user_idx", "enrichment_usage_link_idx"],
      "20261125T010000_add_link_soft_delete": ["links_user_live_saved_idx", "links_deleted_idx"],
      "20261126T030000_add_link_search": ["links_search_idx"],
      "20261127T010100_index_search_by_user": ["links_user_search_idx"],
      "20261128T020000_add_bulk_failures_notified": ["bulk_operations_failures_untold_idx"],
      "20261128T070000_index_deleted_links_by_user": ["links_user_deleted_idx"],
      "20261129T080000_add_reader": ["reading_positions_user_id_idx"],
      "20261129T090000_index_live_links_by_status": ["links_user_live_status_idx"],
    };
    expect(await indexes()).toEqual(expect.arrayContaining(indexedBy["20261124T030000_add_admin_stats_indexes"]!));
    expect(await reloptions("links")).toEqual(["autovacuum_vacuum_insert_scale_factor=0.01"]);
    for (const name of names.slice(names.indexOf("20261121T040000_create_plan_notify_signups")).reverse()) {
      expect(await migrateDown(db, 1)).toEqual([`reverted ${name}`]);
      if (createdBy[name]) expect(await tables()).not.toContain(createdBy[name]);
      for (const index of indexedBy[name] ?? []) expect(await indexes()).not.toContain(index);
      const column = columnsBy[name];
      if (column) expect(await columns(column[0])).not.toContain(column[1]);
    }
    expect(await reloptions("links")).toEqual([]);
    expect(await tables()).not.toContain("plan_notify_signups");
    expect(await tables()).toContain("share_views");
    expect(await tables()).toContain("link_artifacts");
    await migrateToNothing(db);
    expect(await tables()).toEqual([]);
    await migrateToLatest(db);
    expect(await tables()).toEqual(ALL_TABLES);
  });

  it("index every foreign key, so deleting a user or a link never scans a whole table", async () => {
    const unindexed = await sql<{ tbl: string; col: string }>`
      select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1, 2`.execute(db);
    expect(unindexed.rows.map((row) => `${row.tbl}.${row.col}`)).toEqual([]);
  });

  it("compress a link's page text with lz4, and give pglz back when reverted (decision 035)", async () => {
    const method = async () =>
      (await sql<{ method: string }>`select attcompression as method from pg_attribute where attrelid = 'links'::regclass and attname = 'content_text'`.execute(db)).rows[0]!.method;
    expect(await method()).toBe("l");
    const names = Object.keys(migrations);
    await migrateDown(db, names.length - names.indexOf("20261128T010000_compress_page_text_with_lz4"));
    expect(await method()).toBe("p");
    await migrateToLatest(db);
    expect(await method()).toBe("l");
  });

  it("keep the shared parse as json compressed with lz4, and give jsonb with pglz back when reverted (decision 035)", async () => {
    const column = async () =>
      (
        await sql<{ type: string; method: string }>`
          select format_type(atttypid, atttypmod) as type, attcompression as method
          from pg_attribute where attrelid = 'fetch_cache'::regclass and attname = 'parse'`.execute(db)
      ).rows[0]!;
    expect(await column()).toEqual({ type: "json", method: "l" });
    const names = Object.keys(migrations);
    await migrateDown(db, names.length - names.indexOf("20261128T030000_store_page_parse_as_json"));
    expect(await column()).toEqual({ type: "jsonb", method: "p" });
    await migrateToLatest(db);
    expect(await column()).toEqual({ type: "json", method: "l" });
  });

  it("build the search vector from the rank vector: the same vectors as the trigger made before, and back when reverted (decision 031)", async () => {
    const user = await db.insertInto("users").values({ email: "search-vector@example.com", password_hash: "x" }).returning("id").executeTakeFirstOrThrow();
    const save = async (n: number) =>
      (
        await db
          .insertInto("links")
          .values({
            user_id: user.id,
            url: `https://example.com/tides/${n}`,
            normalized_url: `https://example.com/tides/${n}`,
            title: "Tide tables and the moon",
            description: "How harbours read the sea",
            tags: ["tides", "harbours"],
            summary: "Spring tides follow the full moon.",
            notes: "Read before sailing",
            content_text: "The moon pulls the sea. Harbour masters print tide tables every year. ".repeat(400),
            language: "en",
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const vectors = async (id: string) =>
      (await sql<{ search: string; rank: string }>`select search_vector::text as search, search_rank_vector::text as rank from links where id = ${id}`.execute(db)).rows[0]!;
    const names = Object.keys(migrations);
    const now = await vectors(await save(1));
    expect(now.search).toContain("'print':");
    expect(now.rank).not.toContain("'print':");
    await migrateDown(db, names.length - names.indexOf("20261128T040000_search_vector_reuses_rank_vector"));
    expect(await vectors(await save(2))).toEqual(now);
    await migrateToLatest(db);
    expect(await vectors(await save(3))).toEqual(now);
  });

  it("mark bulk re-enrichments finished before failures_notified_at told, unless a link still waits (decision 032)", async () => {
    const names = Object.keys(migrations);
    await migrateDown(db, names.length - names.indexOf("20261128T020000_add_bulk_failures_notified"));
    const user = await db.insertInto("users").values({ email: "bulk-backfill@example.com", password_hash: "x" }).returning("id").executeTakeFirstOrThrow();
    const link = async (status: "pending" | "error") =>
      (
        await db
          .insertInto("links")
          .values({ user_id: user.id, url: `https://example.com/${status}`, normalized_url: `https://example.com/${status}`, status })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const [waiting, ended] = [await link("pending"), await link("error")];
    const operation = async (status: "running" | "done", linkIds: string[]) =>
      (
        await sql<{ id: string }>`
          insert into bulk_operations (user_id, action, link_ids, total, status, finished_at)
          values (${user.id}, 'retry', ${linkIds}::uuid[], ${linkIds.length}, ${status}, ${status === "done" ? new Date() : null}) returning id`.execute(db)
      ).rows[0]!.id;
    const ops = { ended: await operation("done", [ended]), waiting: await operation("done", [ended, waiting]), running: await operation("running", [ended]) };
    await migrateToLatest(db);
    const told = await sql<{ id: string; told: boolean }>`select id, failures_notified_at is not null as told from bulk_operations`.execute(db);
    const toldOf = (id: string) => told.rows.find((row) => row.id === id)?.told;
    expect([toldOf(ops.ended), toldOf(ops.waiting), toldOf(ops.running)]).toEqual([true, false, false]);
    await db.deleteFrom("users").where("id", "=", user.id).execute();
  });

  it("record what earlier enrichments used: the plan the role changes say was in force, none for a restored link (decision 041)", async () => {
    const names = Object.keys(migrations);
    await migrateDown(db, names.length - names.indexOf("20261128T060000_record_enriched_with"));
    const user = await db.insertInto("users").values({ email: "enriched-with@example.com", password_hash: "x", role: "ProUser" }).returning("id").executeTakeFirstOrThrow();
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    const link = async (name: string, enrichedAt: Date, counted: boolean) => {
      const { id } = await db
        .insertInto("links")
        .values({ user_id: user.id, url: `https://example.com/${name}`, normalized_url: `https://example.com/${name}`, status: "enriched", enriched_at: enrichedAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (counted) await db.insertInto("enrichment_usage").values({ user_id: user.id, link_id: id, kind: "link", source: "allowance" }).execute();
      return id;
    };
    const ids = { onFree: await link("free", day(2), true), onCreator: await link("creator", day(20), true), restored: await link("restored", day(2), false) };
    // Free until the 10th, then Creator by subscription.
    await sql`
      insert into audit_events (kind, action, target_type, target_id, before, after, created_at)
      values ('payment', 'plan.changed', 'user', ${user.id}, '{"role":"FreeUser"}', '{"role":"ProUser"}', ${day(10)})`.execute(db);
    await migrateToLatest(db);
    const rows = await sql<{ id: string; enriched_with: unknown }>`select id, enriched_with from links where user_id = ${user.id}`.execute(db);
    const of = (id: string) => rows.rows.find((row) => row.id === id)?.enriched_with;
    expect(of(ids.onFree)).toEqual({ plan: "FreeUser", features: [] });
    expect(of(ids.onCreator)).toEqual({ plan: "ProUser", features: ["tagSuggestions", "codeSnippets", "contentPreferences"] });
    expect(of(ids.restored)).toBeNull();
    await db.deleteFrom("users").where("id", "=", user.id).execute();
  });

  it("enforce the role check and unique emails", async () => {
    await db.insertInto("users").values({ email: "a@example.com", password_hash: "x" }).execute();
    await expect(db.insertInto("users").values({ email: "a@example.com", password_hash: "y" }).execute()).rejects.toThrow(
      /users_email_key/,
    );
    await expect(
      db.insertInto("users").values({ email: "b@example.com", password_hash: "x", role: "Root" as never }).execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
