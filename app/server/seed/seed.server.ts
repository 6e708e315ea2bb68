import type { Kysely } from "kysely";
import type { DB } from "../platform/db-schema.server";
import { generatePassword, hashPassword } from "../accounts/password.server";
import { lockForTransaction } from "../repos/database.server";
import { countUsers, insertUser } from "../repos/users.server";

export type AdminSeedResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | null };

/**
 * Creates the first account, an Admin, when the database has no users. With no
 * password given one is generated and returned so the caller can print it once.
 */
export async function seedAdminIfEmpty(
  db: Kysely<DB>,
  input: { email: string; password?: string },
): Promise<AdminSeedResult> {
  return db.transaction().execute(async (trx) => {
    // Serialise concurrent starts so two processes never both seed.
    await lockForTransaction(trx, "linkwise:seed-admin");
    if ((await countUsers(trx)) > 0) return { created: false };
    const password = input.password ?? generatePassword();
    const email = input.email.trim().toLowerCase();
    await insertUser(trx, {
      email,
      password_hash: await hashPassword(password),
      role: "Admin",
      email_confirmed: true,
    });
    return { created: true, email, generatedPassword: input.password ? null : password };
  });
}
