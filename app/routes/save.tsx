import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { PopupPage } from "~/components/app-layout";
import { Alert, inputClass } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { Badge, Button, ButtonLink } from "~/components/ui";
import { apiFetch } from "~/lib/api-client";
import { bookmarkletFieldsSchema, popupSaveSchema } from "~/lib/bookmarklet";
import { upgradeUrl } from "~/lib/entitlements";
import { INVALID_URL_MESSAGE, NOTES_MAX_CHARS, STATUS_LABELS, TAG_MAX_CHARS, isValidLinkUrl, type LinkStatus, type PublicLink } from "~/lib/links";
import { BARE_PAGE } from "~/lib/page-layout";
import { uniqueTags } from "~/lib/tags";
import { requireUser } from "~/server/accounts/auth.server";
import { featureRefusal } from "~/server/billing/entitlements.server";
import { HttpError } from "~/server/platform/http.server";
import { saveLinkWithOwnFields, suggestableTags, toPublicLink } from "~/server/links/links.server";

export const meta: MetaFunction = () => [{ title: `Save this page · ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
// A popup (520×640): no site navigation or footer (decision 050).
export const handle = BARE_PAGE;

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
    tags: refused ? [] : await suggestableTags(user.id),
  };
}

type Saved = { link: PublicLink; created: boolean; tags: string[]; noted: boolean } | { error: string; status: number };

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : undefined);

/** POST /save {url, title, tag…, notes} — the confirmation above, with the user's own tags and note. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const parsed = popupSaveSchema.safeParse({
    url: text(form.get("url")),
    title: text(form.get("title")),
    tags: form.getAll("tag").filter((value): value is string => typeof value === "string"),
    notes: text(form.get("notes")),
  });
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid input", status: 400 } satisfies Saved, { status: 400 });
  const { url, title, tags, notes } = parsed.data;
  const refused = await featureRefusal(user.role, "bookmarkletSupport");
  if (refused) return Response.json({ error: refused.message, status: 403 } satisfies Saved, { status: 403 });
  if (!url || !isValidLinkUrl(url)) return Response.json({ error: INVALID_URL_MESSAGE, status: 400 } satisfies Saved, { status: 400 });
  try {
    const { link, created } = await saveLinkWithOwnFields(user, url, { title, tags, notes });
    const saved: Saved = { link: toPublicLink(link), created, tags: uniqueTags(tags), noted: Boolean(notes?.trim()) };
    return Response.json(saved, { status: created ? 201 : 200 });
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

function SavedLink({ saved }: { saved: { link: PublicLink; created: boolean; tags: string[]; noted: boolean } }) {
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
        {saved.tags.length || saved.noted ? ` ${[saved.tags.length ? "Your tags" : null, saved.noted ? "your note" : null].filter(Boolean).join(" and ")} are kept with it.` : null}
      </Alert>
      <div className="space-y-1">
        <p className="font-medium wrap-anywhere">{link.title ?? link.url}</p>
        {link.title ? <p className="break-all text-sm text-slate-600 dark:text-slate-300">{link.url}</p> : null}
      </div>
      <p className="flex items-center gap-2 text-sm" role="status" aria-live="polite" data-testid="save-status">
        Status: <Badge tone={TONES[link.status]}>{STATUS_LABELS[link.status]}</Badge>
      </p>
      {link.error ? <p className="text-sm text-slate-600 dark:text-slate-300">{link.error}</p> : null}
      {link.tags.length ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {link.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="brand">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {/* The popup stays small; the library opens in the browser's own window. */}
        <ButtonLink to="/dashboard" target="_blank" rel="noopener">
          Open in your library
        </ButtonLink>
        <Button type="button" variant="secondary" onClick={() => window.close()}>
          Close
        </Button>
      </div>
    </div>
  );
}

/**
 * Tags as chips with a text field: Enter or a comma adds the typed tag, Backspace in the empty field
 * takes the last one off. The field suggests the user's own tags (a native datalist, which the
 * keyboard and screen readers know as a combobox). Each chip, and the field's text, is sent as `tag`.
 */
function TagsField({ suggestions }: { suggestions: string[] }) {
  const id = useId();
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const chosen = new Set(tags.map((tag) => tag.toLowerCase()));
  const add = (raw: string) => {
    const next = uniqueTags([...tags, ...raw.split(",")], { maxLength: TAG_MAX_CHARS });
    setTags(next);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === "Enter" || event.key === ",") && draft.trim()) {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && !draft && tags.length) {
      setTags(tags.slice(0, -1));
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Tags
      </label>
      {tags.length ? (
        <ul aria-label="Tags to add" className="mb-2 flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
              {tag}
              <input type="hidden" name="tag" value={tag} />
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => setTags(tags.filter((other) => other !== tag))}
                className="grid h-6 w-6 place-items-center rounded-full hover:bg-brand-200 dark:hover:bg-brand-800"
              >
                <svg aria-hidden viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        name="tag"
        list={`${id}-suggestions`}
        autoComplete="off"
        value={draft}
        maxLength={TAG_MAX_CHARS * 4}
        onChange={(event) => {
          const value = event.target.value;
          // A suggestion picked from the list (or a pasted "a, b,") becomes a chip at once.
          const picked = (event.nativeEvent as InputEvent).inputType === "insertReplacementText";
          if (value.endsWith(",") || (picked && value.trim())) add(value);
          else setDraft(value);
        }}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Enter or a comma adds a tag; your tags are suggested as you type.
      </p>
      <datalist id={`${id}-suggestions`} data-testid="tag-suggestions">
        {suggestions
          .filter((tag) => !chosen.has(tag.toLowerCase()))
          .map((tag) => (
            <option key={tag} value={tag} />
          ))}
      </datalist>
    </div>
  );
}

export default function SavePage() {
  const { url, title, valid, locked, tags } = useLoaderData<typeof loader>();
  const result = useActionData<Saved>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const notesId = useId();
  return (
    <PopupPage>
      <h1 className="text-xl font-bold tracking-tight">{result && "link" in result ? "Saved" : "Save this page?"}</h1>
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
            <div className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900">
              {title ? <p className="font-medium wrap-anywhere">{title}</p> : null}
              <p className="break-all text-sm text-slate-600 dark:text-slate-300">{url}</p>
            </div>
            <input type="hidden" name="url" value={url} />
            {title ? <input type="hidden" name="title" value={title} /> : null}
            <TagsField suggestions={tags} />
            <div>
              <label htmlFor={notesId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
                Note
              </label>
              <textarea id={notesId} name="notes" rows={3} maxLength={NOTES_MAX_CHARS} className={inputClass} />
            </div>
            {result && "error" in result ? <Alert tone="error">{result.error}</Alert> : null}
            <div className="flex flex-wrap gap-3">
              {/* Busy, not disabled: a refusal (the plan changed since the page opened) leaves the focus on it. */}
              <Button type="submit" busy={busy}>
                {busy ? "Saving…" : `Save to ${PRODUCT_NAME}`}
              </Button>
              <Button type="button" variant="secondary" onClick={() => window.close()}>
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </div>
    </PopupPage>
  );
}
