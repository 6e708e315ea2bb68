import { formatCount, type NumberLocale } from "~/lib/library";
import { Button } from "../ui";

/**
 * "Showing n of total" (announced politely as it changes) and Load more while there is more.
 * `total` is the same number the page shows elsewhere (the bar, Select all); null while a
 * search's count is still being asked for. Numbers in the reader's grouping (`locale`).
 * A plain button: reachable by Tab, pressed with Enter or Space; focus stays on it.
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  onLoadMore,
  locale,
}: {
  shown: number;
  total: number | null;
  locale?: NumberLocale;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
      <p className="text-sm text-slate-600 dark:text-slate-300" role="status" aria-live="polite" data-testid={`${noun.replace(/\s+/g, "-")}-count`}>
        {total === null ? `Showing ${formatCount(shown, locale)} ${noun}` : `Showing ${formatCount(shown, locale)} of ${formatCount(Math.max(total, shown), locale)} ${noun}`}
      </p>
      {hasMore ? (
        // Not `disabled` while loading: a disabled button drops the keyboard focus.
        <Button variant="secondary" size="sm" onClick={() => !loading && onLoadMore()} aria-disabled={loading} aria-busy={loading}>
          {loading ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
