/**
 * Runs `work` once the page has loaded and the browser has a quiet moment (at most `timeout` ms
 * after the load), so what a page needs later (the live stream, the service worker) does not
 * share the busy first seconds with hydration (decision 072). Returns a cancel function.
 */
export function whenIdle(work: () => void, timeout = 2_000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(() => cancelled || work(), { timeout });
    else timer = setTimeout(() => cancelled || work(), 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
