import { Button } from "../ui";

/**
 * "Showing n of total" (announced politely as it changes) and Load more while there is more.
 * A plain button: reachable by Tab, pressed with Enter or Space; focus stays on it.
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
      <p className="text-sm text-slate-600 dark:text-slate-300" role="status" aria-live="polite" data-testid={`${noun.replace(/\s+/g, "-")}-count`}>
        Showing {shown} of {Math.max(total, shown)} {noun}
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
