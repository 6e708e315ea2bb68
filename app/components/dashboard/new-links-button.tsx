import { useEffect, useState } from "react";
import { Button } from "../ui";

/**
 * "N new links — show": what the event stream heard about links not on the page (an import, a save
 * in another tab), as one count instead of rows (decision 043). Pressing it loads the first page
 * again (as many rows as were shown) and leaves the keyboard on its first row. It stays in view above the rows while the list
 * is scrolled; a screen reader hears once that new links are there, not every count.
 */
export function NewLinksButton({
  count,
  onShow,
  onError,
  noun = ["new link", "new links"],
  focus = '[data-testid="link-row"] [data-row-link]',
}: {
  count: number;
  onShow: () => Promise<void>;
  onError: () => void;
  noun?: [one: string, many: string];
  /** Where the keyboard goes once the first page is shown. */
  focus?: string;
}) {
  const [busy, setBusy] = useState(false);
  // Once the first page is drawn (its rows are set before onShow resolves), not before.
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    setMoveFocus(false);
    document.querySelector<HTMLElement>(focus)?.focus();
  }, [moveFocus, focus]);
  const show = () => {
    setBusy(true);
    onShow()
      .then(() => setMoveFocus(true), onError)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <p className="sr-only" role="status">
        {count > 0 ? `${noun[1][0]!.toUpperCase()}${noun[1].slice(1)} are waiting above the list` : ""}
      </p>
      {count > 0 ? (
        <div className="sticky top-20 z-20 flex justify-center" data-testid="new-links">
          <Button size="sm" className="rounded-full shadow-lg shadow-slate-900/10 dark:shadow-black/40" onClick={show} busy={busy}>
            {`${count.toLocaleString("en")} ${count === 1 ? noun[0] : noun[1]} — show`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
