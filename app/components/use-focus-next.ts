import { useCallback, useEffect, useRef } from "react";

/**
 * Moves the keyboard's focus once the next render is on screen: to an element that only exists
 * then, or after a dialog has closed (a native `<dialog>` hands the focus back to its opener as it
 * closes, in the dialog's own effect, which runs before its parent's). `onlyIfLost` moves it only
 * when it has fallen, or is about to fall, to the page's start (the pressed control went away or
 * became disabled).
 * Decision 038 says where it goes.
 */
export function useFocusNext() {
  const next = useRef<{ target: () => HTMLElement | null | undefined; onlyIfLost: boolean } | null>(null);
  useEffect(() => {
    if (!next.current) return;
    const { target, onlyIfLost } = next.current;
    next.current = null;
    // Lost: on the body, or still on a control this very render disabled (Chromium moves it off
    // only at its next rendering step).
    const active = document.activeElement;
    if (onlyIfLost && active && active !== document.body && !active.matches(":disabled")) return;
    target()?.focus();
  });
  return useCallback((target: () => HTMLElement | null | undefined, { onlyIfLost = false }: { onlyIfLost?: boolean } = {}) => {
    next.current = { target, onlyIfLost };
  }, []);
}
