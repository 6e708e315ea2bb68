import { useEffect, useRef, useState } from "react";

/**
 * A pager's buttons while the page they asked for loads (decision 038). The
 * pressed one is busy, never disabled, so the keyboard's focus stays on it; give it
 * `busy={pressed === key}` and keep it out of `disabled` meanwhile, even when the page it asked
 * for will leave it unusable (Newest, going to the newest page). When the page has come the focus
 * stays on it if it can still be used; if the new page leaves it disabled or gone (the last page,
 * the newest), the focus goes to `fallback()`, the list's first row (its heading when the page is
 * empty), where the keyboard reads on. It is moved only from the pressed button or the page's
 * start, never from wherever the keyboard has gone meanwhile.
 */
export function usePageTurn<K extends string>(loading: boolean, fallback: () => HTMLElement | null | undefined) {
  const [pressed, setPressed] = useState<K | null>(null);
  const button = useRef<HTMLElement | null>(null);
  // The press's load has begun (the list's own `loading` may turn true a render later).
  const started = useRef(false);
  // The load has ended; the next render shows whether the pressed button can still be used.
  const settled = useRef<HTMLElement | null>(null);

  const fallbackNow = useRef(fallback);
  useEffect(() => {
    fallbackNow.current = fallback;
  });

  useEffect(() => {
    if (!pressed) return;
    if (loading) {
      started.current = true;
      return;
    }
    if (!started.current) return;
    started.current = false;
    settled.current = button.current;
    button.current = null;
    setPressed(null);
  }, [loading, pressed]);

  // The render after the load ended: the pressed button is no longer busy, and shows whether it
  // can still be used.
  useEffect(() => {
    const done = settled.current;
    if (pressed || !done) return;
    settled.current = null;
    // Disabled in this very render, Chromium still holds the focus on it until its next
    // rendering step: check the button, not where the focus is.
    if (done.isConnected && !done.matches(":disabled")) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== done) return;
    fallbackNow.current()?.focus();
  }, [pressed]);

  const press = (key: K, target: HTMLElement) => {
    button.current = target;
    started.current = false;
    setPressed(key);
  };
  return { pressed, press };
}
