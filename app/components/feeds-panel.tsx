import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, TextField } from "./form";
import { LocalTime } from "./local-time";
import { Badge, Button, TagChips } from "./ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { FIRST_POLL_ITEMS, splitTags, type Feed, type OpmlImport } from "~/lib/feeds";

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "That did not work. Please try again.");

/** How often the list is read again while a check the user asked for has not finished, and for how long. */
const WATCH_EVERY_MS = 2_000;
const WATCH_FOR_MS = 30_000;

function Status({ feed }: { feed: Feed }) {
  if (feed.paused) return <Badge tone="neutral">Paused</Badge>;
  if (feed.lastError) return <Badge tone="danger">{feed.lastError}</Badge>;
  if (!feed.lastPolledAt) return <Badge tone="warning">Waiting for the first check</Badge>;
  return <Badge tone="success">OK</Badge>;
}

function FeedRow({ feed, run, onGone }: { feed: Feed; run: (action: () => Promise<unknown>, done?: string) => Promise<boolean>; onGone: () => void }) {
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const row = useRef<HTMLLIElement>(null);
  const name = feed.title ?? feed.url;
  // The keyboard follows the question: to Yes when it opens, back to Unsubscribe on Cancel.
  useEffect(() => {
    if (confirming === null) return;
    row.current?.querySelector<HTMLButtonElement>(confirming ? "[data-confirm]" : "[data-unsubscribe]")?.focus();
  }, [confirming]);
  return (
    <li ref={row} className="py-4 text-sm" data-testid="feed">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{name}</h3>
        <Status feed={feed} />
      </div>
      <p className="mt-1 break-all text-slate-600 dark:text-slate-300">
        <a href={feed.url} className="underline" rel="noreferrer noopener" target="_blank">
          {feed.url}
        </a>
      </p>
      {feed.tags.length ? <TagChips tags={feed.tags} className="mt-2" /> : null}
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-slate-600 sm:grid-cols-3 dark:text-slate-300">
        <div>
          <dt className="inline font-medium">Last checked: </dt>
          <dd className="inline">
            <LocalTime when={feed.lastPolledAt} fallback="not yet" />
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Next check: </dt>
          <dd className="inline">{feed.paused ? "paused" : <LocalTime when={feed.nextPollAt} fallback="soon" />}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Saved: </dt>
          <dd className="inline" data-testid="feed-item-count">
            {feed.itemCount} {feed.itemCount === 1 ? "link" : "links"}
          </dd>
        </div>
      </dl>
      {feed.lastError && feed.failures > 1 ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{feed.failures} checks in a row failed; the wait before the next grows to a day.</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {feed.paused ? null : (
          <Button type="button" variant="secondary" size="sm" onClick={() => void run(() => apiFetch(`/api/feeds/${feed.id}/poll`, { method: "POST" }), `Checking ${name} now.`)} aria-label={`Check now: ${name}`}>
            Check now
          </Button>
        )}
        <Button type="button" variant="secondary" size="sm" onClick={() => void run(() => apiFetch(`/api/feeds/${feed.id}`, { method: "PATCH", body: { paused: !feed.paused } }))} aria-label={`${feed.paused ? "Resume" : "Pause"} ${name}`}>
          {feed.paused ? "Resume" : "Pause"}
        </Button>
        {confirming ? null : (
          <Button data-unsubscribe type="button" variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Unsubscribe from ${name}`}>
            Unsubscribe
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="group" aria-label={`Unsubscribe from ${name}?`} className="mt-3 rounded-md border border-red-200 p-3 dark:border-red-900">
          <p>Unsubscribe from {name}? The links it saved stay in your library.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              data-confirm
              type="button"
              variant="danger"
              size="sm"
              onClick={() =>
                void run(() => apiFetch(`/api/feeds/${feed.id}`, { method: "DELETE" }), `Unsubscribed from ${name}.`).then((ok) => {
                  if (ok) onGone();
                })
              }
            >
              Yes, unsubscribe
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Settings › Feeds: subscribe (feed or site address, tags), the list with each feed's state, OPML in and out. */
export function FeedsPanel({ feeds, onChanged }: { feeds: Feed[]; onChanged: () => void }) {
  const [url, setUrl] = useState("");
  const [tags, setTags] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A change the worker finishes later (a first check, Check now): the list is read again every
  // 2 s for 30 s, so its result shows without a reload.
  const [watch, setWatch] = useState(0);
  const urlField = useRef<HTMLFormElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (watch === 0) return;
    const timer = setInterval(() => changed.current(), WATCH_EVERY_MS);
    const stop = setTimeout(() => clearInterval(timer), WATCH_FOR_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [watch]);

  async function run(action: () => Promise<unknown>, done?: string): Promise<boolean> {
    setError(null);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
      setWatch((count) => count + 1);
      onChanged();
      return true;
    } catch (caught) {
      setError(errorText(caught));
      return false;
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await run(async () => {
      const feed = await apiFetch<Feed>("/api/feeds", { body: { url, tags: splitTags(tags) } });
      setUrl("");
      setTags("");
      return feed;
    }, `Subscribed. Its newest ${FIRST_POLL_ITEMS} items are being saved; after that, each new one.`);
    setBusy(false);
  }

  async function importFile(event: FormEvent) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setError("Choose an OPML file first.");
      return;
    }
    await run(async () => {
      const response = await fetch("/api/feeds/opml", { method: "POST", body: chosen, headers: { "Content-Type": "text/x-opml", Accept: "application/json" }, credentials: "same-origin" });
      const body = (await response.json().catch(() => null)) as (OpmlImport & { message?: string }) | null;
      if (!response.ok || !body) throw new ApiError(response.status, body?.message ?? `API Error: ${response.status}`);
      setNotice(`Imported: ${body.added} added, ${body.existing} you follow already, ${body.skipped} skipped.`);
      if (file.current) file.current.value = "";
    });
  }

  return (
    <div className="space-y-6">
      <form ref={urlField} onSubmit={add} className="space-y-4" aria-label="Subscribe to a feed">
        <TextField
          label="Feed or site address"
          type="url"
          required
          maxLength={2000}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/feed.xml"
          hint="A site's address works too when its page names its feed."
        />
        <TextField label="Tags for its items (optional)" maxLength={500} value={tags} onChange={(e) => setTags(e.target.value)} placeholder="news, reading" hint="Separate tags with commas. Each new item gets them as your own tags." />
        <Button type="submit" busy={busy}>
          {busy ? "Subscribing…" : "Subscribe"}
        </Button>
      </form>
      <div aria-live="polite">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {notice ? <Alert tone="info">{notice}</Alert> : null}
      </div>
      <section aria-labelledby="feed-list-heading">
        <h2 id="feed-list-heading" className="text-lg font-semibold">
          Following {feeds.length} {feeds.length === 1 ? "feed" : "feeds"}
        </h2>
        {feeds.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No feeds yet. The first check saves a feed&apos;s newest {FIRST_POLL_ITEMS} items, then every new one.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {feeds.map((feed) => (
              <FeedRow key={feed.id} feed={feed} run={run} onGone={() => urlField.current?.querySelector("input")?.focus()} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="opml-heading" className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h2 id="opml-heading" className="text-lg font-semibold">
          OPML
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">Move your feeds between feed readers.</p>
        <form onSubmit={importFile} className="flex flex-wrap items-end gap-3" aria-label="Import feeds from OPML">
          <div>
            <label htmlFor="opml-file" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
              OPML file
            </label>
            <input id="opml-file" ref={file} type="file" accept=".opml,.xml,text/x-opml,text/xml,application/xml" className="block text-sm" />
          </div>
          <Button type="submit" variant="secondary">
            Import
          </Button>
          <a href="/api/feeds/opml" download className="text-sm font-medium underline">
            Export OPML
          </a>
        </form>
      </section>
    </div>
  );
}
