import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// A change of email is confirmed from the new address: its token row holds that address.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table email_tokens drop constraint email_tokens_purpose_check`.execute(db);
  await sql`alter table email_tokens add constraint email_tokens_purpose_check check (purpose in ('confirm_email', 'reset_password', 'change_email'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from email_tokens where purpose = 'change_email'`.execute(db);
  await sql`alter table email_tokens drop constraint email_tokens_purpose_check`.execute(db);
  await sql`alter table email_tokens add constraint email_tokens_purpose_check check (purpose in ('confirm_email', 'reset_password'))`.execute(db);
}
