import { useCallback, useEffect, useRef, useState } from "react";
import { useEscapeLayer } from "./use-escape-layer";

/**
 * A panel opened by a button (a disclosure): Escape closes it and gives the focus back to the
 * button; a press elsewhere, or the focus moving out of both, closes it too. Escape closes only
 * it when something else is open beneath (a link's detail, a selection: useEscapeLayer).
 */
export function useDisclosure<Panel extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<Panel>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  useEscapeLayer(
    open,
    "popup",
    () => {
      setOpen(false);
      button.current?.focus();
    },
    { whileTyping: true },
  );
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => target instanceof Node && !panel.current?.contains(target) && !button.current?.contains(target);
    const onPointer = (event: PointerEvent) => outside(event.target) && setOpen(false);
    const onFocus = (event: FocusEvent) => outside(event.target) && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open]);
  return { open, setOpen, toggle, close, button, panel };
}
