import { useCallback, useSyncExternalStore } from "react";
import { formatLocal, formatUtc, formatUtcText, type DateStyle } from "~/lib/datetime";

const subscribe = () => () => {};

/** False on the server and while hydrating, true after: what only the browser knows can then show. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Formats a date for text that is not a <time> (an aria-label, a sentence): the server's UTC until
 * hydrated, the reader's locale and zone after, so server and browser markup agree.
 */
export function useDateFormat(): (when: string, style?: DateStyle) => string {
  const hydrated = useHydrated();
  return useCallback((when: string, style: DateStyle = "datetime") => (hydrated ? formatLocal(when, style) : formatUtcText(when, style)), [hydrated]);
}

/** A date or time as the reader reads it, the exact UTC instant in its title; `fallback` when there is none. */
export function LocalTime({ when, style = "datetime", fallback = "—", className }: { when: string | null | undefined; style?: DateStyle; fallback?: string; className?: string }) {
  const format = useDateFormat();
  if (!when) return <>{fallback}</>;
  return (
    <time dateTime={when} title={formatUtc(when)} className={className}>
      {format(when, style)}
    </time>
  );
}
