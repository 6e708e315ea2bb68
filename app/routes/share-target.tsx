import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { PRODUCT_NAME } from "~/components/logo";
import { PopupPage } from "~/components/app-layout";
import { Button } from "~/components/ui";
import { BARE_PAGE } from "~/lib/page-layout";
import { SHARE_TARGET_PATH } from "~/lib/web-app";
import { getAuth, requireUser } from "~/server/accounts/auth.server";
import { dashboardAfterShare, pickSharedAddress, saveSharedLink } from "~/server/links/share-target.server";

export const meta: MetaFunction = () => [{ title: `Save a shared link · ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
// Asked from a share sheet or another site: a question of its own, without the site's navigation (decision 050).
export const handle = BARE_PAGE;

// Share sheets send whatever the other app had; anything too long for a URL is cut, not refused.
const field = z.string().max(8192).optional().catch(undefined);
const sharedSchema = z.object({ url: field, text: field, title: field });

/**
 * GET /share-target?url=&text=&title= — the manifest's Web Share Target. A share from the phone's
 * share sheet is a navigation the browser starts itself (Sec-Fetch-Site: none), and the hop back
 * from /login is same-origin: those save at once. Another site linking here only gets a page that
 * asks first, so it cannot slip links into a signed-in user's library.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const fields = sharedSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const picked = pickSharedAddress(fields);
  if ("outcome" in picked) return redirect(dashboardAfterShare(picked.outcome));
  const auth = await getAuth(request);
  // Only the address goes through the login page, so a long shared text cannot overflow redirectTo.
  if (!auth) return redirect(`/login?redirectTo=${encodeURIComponent(`${SHARE_TARGET_PATH}?url=${encodeURIComponent(picked.address)}`)}`);
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return { address: picked.address };
  return redirect(dashboardAfterShare(await saveSharedLink(auth.user, picked.address)));
}

/** POST /share-target {url} — the confirmation above. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const fields = sharedSchema.parse(Object.fromEntries(await request.formData()));
  const picked = pickSharedAddress(fields);
  if ("outcome" in picked) return redirect(dashboardAfterShare(picked.outcome));
  return redirect(dashboardAfterShare(await saveSharedLink(user, picked.address)));
}

export default function ShareTarget() {
  const { address } = useLoaderData<typeof loader>();
  return (
    <PopupPage>
      <h1 className="text-xl font-bold tracking-tight">Save this link?</h1>
      <p className="mt-3 break-all rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">{address}</p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="url" value={address} />
        <Button type="submit">Save link</Button>
        <Link to="/dashboard" className="inline-flex min-h-10 items-center px-3 text-sm font-medium text-slate-700 underline dark:text-slate-200">
          Cancel
        </Link>
      </Form>
    </PopupPage>
  );
}
