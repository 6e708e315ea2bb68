import { log } from "./logger.server";

/**
 * A trailing timer per key: the first call for a key runs `work` after `delayMs`, and calls for
 * the same key meanwhile are folded into that run, so the last event's state always goes out and
 * a burst of events costs one run. Per process; an error is logged with `what`, never thrown.
 */
export function trailing(delayMs: number, what: string, work: (key: string) => Promise<void>): (key: string) => void {
  const timers = new Map<string, NodeJS.Timeout>();
  return (key) => {
    if (timers.has(key)) return;
    const timer = setTimeout(() => {
      timers.delete(key);
      void work(key).catch((error: unknown) => log.warn(`${what} failed`, { key, error }));
    }, delayMs);
    timer.unref();
    timers.set(key, timer);
  };
}
