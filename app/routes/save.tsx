import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { Alert } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Button, ButtonLink, Card } from "~/components/ui";
import { apiFetch } from "~/lib/api-client";
import { bookmarkletFieldsSchema } from "~/lib/bookmarklet";
import { upgradeUrl } from "~/lib/entitlements";
import { INVALID_URL_MESSAGE, STATUS_LABELS, isValidLinkUrl, type LinkStatus, type PublicLink } from "~/lib/links";
import { requireUser } from "~/server/accounts/auth.server";
import { featureRefusal } from "~/server/billing/entitlements.server";
import { HttpError } from "~/server/platform/http.server";
import { addLink, toPublicLink } from "~/server/links/links.server";

export const meta: MetaFunction = () => [{ title: `Save this page · ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

/**
 * GET /save?url=&title= — where the bookmarklet opens (a popup or a top-level navigation).
 * It never saves: it shows what would be saved and asks. Saving is the POST below, which only
 * our own page can send (the same-origin guard refuses another site's form, and frame-ancestors
 * 'none' keeps this page out of anyone's frame, so the button cannot be clicked through a decoy).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { url, title } = bookmarkletFieldsSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const refused = await featureRefusal(user.role, "bookmarkletSupport");
  return {
    url: url?.trim() ?? null,
    title: title ?? null,
    valid: url ? isValidLinkUrl(url) : false,
    locked: refused ? { message: refused.message, upgradeUrl: upgradeUrl("bookmarkletSupport") } : null,
  };
}

type Saved = { link: PublicLink; created: boolean } | { error: string; status: number };

/** POST /save {url, title} — the confirmation above. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { url, title } = bookmarkletFieldsSchema.parse(Object.fromEntries(await request.formData()));
  const refused = await featureRefusal(user.role, "bookmarkletSupport");
  if (refused) return Response.json({ error: refused.message, status: 403 } satisfies Saved, { status: 403 });
  if (!url || !isValidLinkUrl(url)) return Response.json({ error: INVALID_URL_MESSAGE, status: 400 } satisfies Saved, { status: 400 });
  try {
    const { link, created } = await addLink(user, url, { title });
    return Response.json({ link: toPublicLink(link), created } satisfies Saved, { status: created ? 201 : 200 });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return Response.json({ error: error.message, status: error.status } satisfies Saved, { status: error.status });
    throw error;
  }
}

const TONES: Record<LinkStatus, "warning" | "success" | "danger" | "neutral"> = { pending: "warning", enriched: "success", error: "danger", unenriched: "neutral" };

/** Follows the saved link until the worker is done with it, so the popup can say "Enriched". */
function useLinkStatus(initial: PublicLink) {
  const [link, setLink] = useState(initial);
  useEffect(() => {
    setLink(initial);
    if (initial.status !== "pending") return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async (delay: number) => {
      if (stopped) return;
      try {
        const fresh = await apiFetch<PublicLink>(`/api/links/${initial.id}`);
        if (stopped) return;
        setLink(fresh);
        if (fresh.status !== "pending") return;
      } catch {
        // A lost request is tried again; the link is saved whatever happens here.
      }
      timer = setTimeout(() => void poll(Math.min(delay * 1.5, 5_000)), delay);
    };
    timer = setTimeout(() => void poll(1_000), 500);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [initial]);
  return link;
}

function SavedLink({ saved }: { saved: { link: PublicLink; created: boolean } }) {
  const link = useLinkStatus(saved.link);
  const toldId = useId();
  // Save to Linkwise went away with its form, taking the keyboard's focus with it: the outcome
  // takes it (decision 038).
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById(toldId)?.focus();
  }, [toldId]);
  return (
    <div className="space-y-4">
      <Alert tone="success" id={toldId} tabIndex={-1}>
        {saved.created ? "Saved to your library." : "Already in your library; moved to the top."}
      </Alert>
      <p className="break-all text-sm text-slate-700 dark:text-slate-200">{link.title ?? link.url}</p>
      <p className="flex items-center gap-2 text-sm" role="status" aria-live="polite" data-testid="save-status">
        Status: <Badge tone={TONES[link.status]}>{STATUS_LABELS[link.status]}</Badge>
      </p>
      {link.error ? <p className="text-sm text-slate-600 dark:text-slate-300">{link.error}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={() => window.close()}>
          Close
        </Button>
        <Link to="/dashboard" target="_blank" className="inline-flex min-h-10 items-center px-3 text-sm font-medium text-slate-700 underline dark:text-slate-200">
          Open the dashboard
        </Link>
      </div>
    </div>
  );
}

export default function SavePage() {
  const { url, title, valid, locked } = useLoaderData<typeof loader>();
  const result = useActionData<Saved>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="container-page flex justify-center py-10">
      <Card className="w-full max-w-lg">
        <h1 className="text-xl font-bold">{result && "link" in result ? "Saved" : "Save this page?"}</h1>
        <div className="mt-4">
          {locked ? (
            <div className="space-y-4">
              <Alert tone="error">{locked.message}</Alert>
              <ButtonLink to={locked.upgradeUrl} target="_blank">
                See plans
              </ButtonLink>
            </div>
          ) : result && "link" in result ? (
            <SavedLink saved={result} />
          ) : !url || !valid ? (
            <Alert tone="error">{url ? INVALID_URL_MESSAGE : "There is no page to save. Use the bookmarklet on the page you want to keep."}</Alert>
          ) : (
            <Form method="post" className="space-y-4">
              {title ? <p className="font-medium">{title}</p> : null}
              <p className="break-all text-sm text-slate-700 dark:text-slate-200">{url}</p>
              <input type="hidden" name="url" value={url} />
              {title ? <input type="hidden" name="title" value={title} /> : null}
              {result && "error" in result ? <Alert tone="error">{result.error}</Alert> : null}
              <div className="flex flex-wrap gap-3">
                {/* Busy, not disabled: a refusal (the plan changed since the page opened) leaves the focus on it. */}
                <Button type="submit" busy={busy}>
                  {busy ? "Saving…" : "Save to Linkwise"}
                </Button>
                <Button type="button" variant="secondary" onClick={() => window.close()}>
                  Cancel
                </Button>
              </div>
            </Form>
          )}
        </div>
      </Card>
    </div>
  );
}
