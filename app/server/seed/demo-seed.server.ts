import type { Kysely } from "kysely";
import { CATEGORY_SLUGS } from "~/lib/enrichment";
import type { DB } from "../platform/db-schema.server";
import { DEMO_RESOURCES } from "./demo-data.server";
import { generatePassword, hashPassword } from "../accounts/password.server";
import { lockForTransaction } from "../repos/database.server";
import { insertLink } from "../repos/links.server";
import { insertDemoShareViews } from "../repos/sharing.server";
import { hasDemoUsers, insertUsers } from "../repos/users.server";

const DEMO_USERS = ["ada@demo.linkwise.local", "grace@demo.linkwise.local", "linus@demo.linkwise.local", "margaret@demo.linkwise.local", "tim@demo.linkwise.local"];

/** A deterministic pseudo-random sequence, so two demo seeds look alike. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Loads the demo community once: a few users (random passwords: they are not for signing in)
 * and 130+ public, enriched links with views spread over the last year, all marked is_demo.
 * Returns how many links it added (0 when demo data is already there).
 */
export async function seedDemoCommunity(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, "linkwise:seed-demo");
    if (await hasDemoUsers(trx)) return 0;
    const passwordHash = await hashPassword(generatePassword());
    const users = await insertUsers(
      trx,
      DEMO_USERS.map((email) => ({ email, password_hash: passwordHash, role: "FreeUser" as const, email_confirmed: true, is_demo: true })),
    );
    const next = random(42);
    let added = 0;
    for (const category of CATEGORY_SLUGS) {
      for (const [index, [title, host, description]] of DEMO_RESOURCES[category].entries()) {
        const url = `https://${host}/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
        const owner = users[(index + category.length) % users.length]!.id;
        const daysAgo = Math.floor(next() * 360);
        const sharedAt = new Date(Date.now() - daysAgo * 86_400_000);
        const link = await insertLink(trx, {
          user_id: owner,
          url,
          normalized_url: url,
          status: "enriched",
          title,
          description,
          // No network at seed time: the page draws each site's letter tile.
          favicon: null,
          summary: description,
          tags: title.toLowerCase().split(/[^a-z0-9.#+]+/).filter((w) => w.length > 3).slice(0, 4),
          category,
          enrichment_engine: "local/extractive-v1",
          enriched_at: sharedAt,
          is_public: true,
          shared_at: sharedAt,
          is_demo: true,
        });
        // Popularity falls off with rank; views land on days between sharing and today.
        const views = Math.floor(40 + 2_000 * next() ** 3);
        await insertDemoShareViews(trx, { linkId: link.id, count: views, withinDays: daysAgo + 1 });
        added++;
      }
    }
    return added;
  });
}
