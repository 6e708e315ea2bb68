import { redirect } from "@remix-run/node";

/** Where the login page sends the user back to after signing in. */
export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const origin = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(origin)}`);
}

/**
 * Guard for signed-in pages. Accounts are not built yet, so nobody is signed in and
 * every guarded page sends the visitor to /login, remembering where they wanted to go.
 */
export async function requireUser(request: Request): Promise<never> {
  loginRedirect(request);
}
