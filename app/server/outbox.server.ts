import { getAuth } from "./auth.server";
import { env } from "./env.server";

/** The dev outbox holds other people's links: readable outside production, else by admins only. */
export async function canReadOutbox(request: Request): Promise<boolean> {
  if (env().NODE_ENV !== "production") return true;
  return (await getAuth(request))?.user.role === "Admin";
}
