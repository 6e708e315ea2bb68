import { useState } from "react";
import { Button } from "../ui";

/**
 * "N new links — show": what the event stream heard about links not on the page (an import, a save
 * in another tab), as one count instead of rows (decision 043). Pressing it loads the first page
 * again and leaves the keyboard on its first row. It stays in view above the rows while the list
 * is scrolled; a screen reader hears once that new links are there, not every count.
 */
export function NewLinksButton({ count, onShow, onError }: { count: number; onShow: () => Promise<void>; onError: () => void }) {
  const [busy, setBusy] = useState(false);
  const show = () => {
    setBusy(true);
    onShow().then(
      () => document.querySelector<HTMLElement>('[data-testid="link-row"] button[aria-expanded]')?.focus(),
      onError,
    ).finally(() => setBusy(false));
  };
  return (
    <>
      <p className="sr-only" role="status">
        {count > 0 ? "New links are waiting above the list" : ""}
      </p>
      {count > 0 ? (
        <div className="sticky top-20 z-20 flex justify-center" data-testid="new-links">
          <Button size="sm" className="rounded-full shadow-lg shadow-slate-900/10 dark:shadow-black/40" onClick={show} busy={busy}>
            {`${count.toLocaleString("en")} new ${count === 1 ? "link" : "links"} — show`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
