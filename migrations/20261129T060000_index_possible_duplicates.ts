import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Possible duplicates (decision 053): two of a user's live links are the same page when they share
// a canonical address (the page's own, normalised, else the saved one) or the same title, case
// and spaces aside. `canonical_key` is the page's canonical URL normalised the way the app
// normalises a saved one; the two partial indexes lead with the owner, like every list's.
// The expressions must stay those of app/server/repos/link-search.server.ts (urlKeyOf, titleKeyOf,
// hasTitleKey); tests/integration/duplicates.test.ts fails if they differ.

const TRACKING_PARAMS = new Set([
  "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid", "igshid", "srsltid",
  "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi", "mkt_tok", "li_fat_id", "oly_anon_id", "oly_enc_id",
  "vero_conv", "vero_id", "wickedid", "rb_clickid", "ck_subscriber_id", "s_cid", "ref_src", "ref_url",
]);
const TRACKING_PREFIXES = ["utm_", "hsa_", "pk_", "mtm_"];

/** normalizeUrl of app/lib/links.ts as it is on 2026-11-29; null for anything but an http(s) URL. */
function canonicalKey(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    for (const name of [...new Set(url.searchParams.keys())]) {
      const key = name.toLowerCase();
      if (TRACKING_PARAMS.has(key) || TRACKING_PREFIXES.some((prefix) => key.startsWith(prefix))) url.searchParams.delete(name);
    }
    url.hash = "";
    url.hostname = url.hostname.toLowerCase();
    if ((url.protocol === "http:" && url.port === "80") || (url.protocol === "https:" && url.port === "443")) url.port = "";
    return url.toString();
  } catch {
    return null;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").addColumn("canonical_key", "text").execute();
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .selectFrom("links")
      .select(["id", "canonical_url"])
      .where("canonical_url", "is not", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id as string;
    const keyed = rows.map((row) => ({ id: row.id as string, key: canonicalKey(row.canonical_url as string) })).filter((row) => row.key !== null);
    if (keyed.length === 0) continue;
    await sql`update links set canonical_key = k.key
      from unnest(${keyed.map((row) => row.id)}::uuid[], ${keyed.map((row) => row.key)}::text[]) as k(id, key)
      where links.id = k.id`.execute(db);
  }
  await sql`create index links_user_dup_url_idx on links (user_id, (coalesce(canonical_key, normalized_url))) where deleted_at is null`.execute(db);
  await sql`create index links_user_title_key_idx on links (user_id, (lower(regexp_replace(btrim(title), '\\s+', ' ', 'g'))))
    where deleted_at is null and title is not null and btrim(title) <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("links_user_title_key_idx").execute();
  await db.schema.dropIndex("links_user_dup_url_idx").execute();
  await db.schema.alterTable("links").dropColumn("canonical_key").execute();
}
