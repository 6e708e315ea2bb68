import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // The payment provider's customer, created once per user (Stripe; test mode needs none).
  await db.schema.alterTable("users").addColumn("billing_customer_id", "text", (col) => col.unique()).execute();

  // Every checkout we started, whichever provider runs it. Fulfilment locks the row, so a
  // pack's credits are granted once per checkout however often the provider says "paid".
  await db.schema
    .createTable("checkouts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (col) => col.notNull().check(sql`provider in ('stripe', 'test')`))
    .addColumn("provider_session_id", "text", (col) => col.unique())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('pack', 'subscription')`))
    .addColumn("pack_id", "text")
    .addColumn("quantity", "integer", (col) => col.notNull().defaultTo(1).check(sql`quantity between 1 and 100`))
    .addColumn("credits", "integer", (col) => col.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn("plan", "text", (col) => col.check(sql`plan in ('scout', 'creator')`))
    .addColumn("amount_cents", "integer", (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (col) => col.notNull().defaultTo("eur"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open").check(sql`status in ('open', 'complete', 'canceled', 'expired')`))
    .addColumn("return_url", "text", (col) => col.notNull())
    .addColumn("payment_ref", "text", (col) => col.unique())
    .addColumn("subscription_id", "text")
    .addColumn("credits_refunded", "integer", (col) => col.notNull().defaultTo(0).check(sql`credits_refunded >= 0`))
    .addColumn("fulfilled_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("checkouts_item_check", sql`(kind = 'pack' and pack_id is not null) or (kind = 'subscription' and plan is not null)`)
    .execute();
  await db.schema.createIndex("checkouts_user_idx").on("checkouts").columns(["user_id", "created_at"]).execute();

  // Subscriptions as the provider last reported them; the user's role is derived from these
  // and the admin's manual grant (role_grants), never applied as deltas.
  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (col) => col.notNull().check(sql`provider in ('stripe', 'test')`))
    .addColumn("plan", "text", (col) => col.notNull().check(sql`plan in ('scout', 'creator')`))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("cancel_at_period_end", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("current_period_end", "timestamptz", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("subscriptions_user_idx").on("subscriptions").column("user_id").execute();
  await db.schema.createIndex("subscriptions_period_end_idx").on("subscriptions").column("current_period_end").execute();

  // Every grant and spend of pack credits; users.pack_credits is the balance, written in the
  // same transaction as its row (balance_after), and can never go below zero.
  await db.schema
    .createTable("credit_ledger")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("delta", "integer", (col) => col.notNull().check(sql`delta <> 0`))
    .addColumn("balance_after", "integer", (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn("reason", "text", (col) => col.notNull().check(sql`reason in ('purchase', 'refund', 'enrichment', 'admin_adjustment')`))
    .addColumn("checkout_id", "uuid", (col) => col.references("checkouts.id").onDelete("set null"))
    .addColumn("link_id", "uuid", (col) => col.references("links.id").onDelete("set null"))
    .addColumn("actor_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("credit_ledger_user_idx").on("credit_ledger").columns(["user_id", "created_at", "id"]).execute();
  await db.schema.createIndex("credit_ledger_checkout_idx").on("credit_ledger").column("checkout_id").execute();
  await db.schema.createIndex("credit_ledger_link_idx").on("credit_ledger").column("link_id").execute();
  await db.schema.createIndex("credit_ledger_actor_idx").on("credit_ledger").column("actor_id").execute();

  // What the user paid: one row per pack checkout or subscription invoice, by the provider's
  // reference (payment intent, invoice), so a replayed event cannot write a second receipt.
  // Billing records outlive a deleted account (kept about 7 years): the email stays as a label.
  await db.schema
    .createTable("receipts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("customer_email", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("provider_ref", "text", (col) => col.notNull().unique())
    .addColumn("checkout_id", "uuid", (col) => col.references("checkouts.id").onDelete("set null"))
    .addColumn("subscription_id", "text")
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("amount_refunded_cents", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('paid', 'refunded', 'partially_refunded', 'failed')`))
    .addColumn("url", "text")
    .addColumn("paid_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("receipts_user_idx").on("receipts").columns(["user_id", "paid_at"]).execute();
  await db.schema.createIndex("receipts_checkout_idx").on("receipts").column("checkout_id").execute();

  // Provider events by id: stored in the transaction that acts on them, so a replayed or
  // concurrent duplicate waits for the first and then does nothing.
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("payment_events_received_idx").on("payment_events").column("received_at").execute();

  // Instance-wide settings an admin changes at run time (the sales state, for one).
  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "jsonb", (col) => col.notNull())
    .addColumn("updated_by_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_by_label", "text")
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("app_settings_updated_by_idx").on("app_settings").column("updated_by_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app_settings").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("receipts").execute();
  await db.schema.dropTable("credit_ledger").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropTable("checkouts").execute();
  await db.schema.alterTable("users").dropColumn("billing_customer_id").execute();
}
