import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroyWebSessionCookie, endSession, getAuth } from "~/server/accounts/auth.server";

/** POST /logout from the navigation bar: ends the session on the server and returns to /. */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await getAuth(request);
  if (auth) await endSession(auth);
  return redirect("/", { headers: { "Set-Cookie": await destroyWebSessionCookie(request) } });
}

export function loader() {
  return redirect("/");
}
