import pg from "pg";
import { urlFor } from "../helpers/test-database";

/**
 * The e2e server's own database (playwright.config.ts names it), for the few things a spec must
 * arrange that no page can: a month's usage already spent, a paid period that has ended.
 */
export function e2eDatabaseUrl(): string {
  const name = process.env.E2E_DATABASE_NAME;
  if (!name) throw new Error("E2E_DATABASE_NAME is not set (playwright.config.ts sets it).");
  return urlFor(name);
}

export async function withDb<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function userIdOf(email: string): Promise<string> {
  return withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>("select id from users where email = $1", [email]);
    if (!rows[0]) throw new Error(`No user ${email}`);
    return rows[0].id;
  });
}

/** Counts `n` enrichments from this month's allowance, as if the user had enriched n links. */
export async function spendAllowance(email: string, n: number): Promise<void> {
  const userId = await userIdOf(email);
  await withDb((client) =>
    client.query("insert into enrichment_usage (user_id, link_id, kind, source) select $1, null, 'link', 'allowance' from generate_series(1, $2)", [userId, n]),
  );
}

/**
 * `n` links for the user, as if saved a minute apart (the last newest): every 10th failed, the
 * rest enriched with a summary, code and a category, on addresses no worker is asked to fetch.
 */
export async function seedLinks(email: string, n: number): Promise<void> {
  const userId = await userIdOf(email);
  await withDb((client) =>
    client.query(
      `insert into links (user_id, url, normalized_url, status, error, title, summary, category, code_snippets, enrichment_engine, enriched_at, saved_at, created_at, updated_at)
       select $1, 'https://library.e2e.test/' || i, 'https://library.e2e.test/' || i,
         case when i % 10 = 0 then 'error' else 'enriched' end,
         case when i % 10 = 0 then 'The page answered 404 Not Found' end,
         'Seeded page ' || i,
         case when i % 10 <> 0 then 'A summary of seeded page ' || i || '. ' || repeat('It explains one more thing in detail. ', 12) end,
         case when i % 10 <> 0 then 'web' end,
         case when i % 10 <> 0 then jsonb_build_array(jsonb_build_object('language', 'sql', 'code', 'select ' || i || ';')) else '[]'::jsonb end,
         case when i % 10 <> 0 then 'local/extractive-v1' end,
         case when i % 10 <> 0 then t end,
         t, t, t
       from generate_series(1, $2::int) i
       cross join lateral (select now() - ($2::int - i) * interval '1 minute' as t) at_time`,
      [userId, n],
    ),
  );
}
