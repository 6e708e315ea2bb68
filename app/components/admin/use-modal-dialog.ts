import { useEffect, useRef } from "react";

/**
 * Keeps a native `<dialog>` shown as a modal while `open` (focus inside, Escape closes, the page
 * behind inert) and closed otherwise. Focus goes to `initialFocus` when given, else the browser's
 * first focusable element.
 */
export function useModalDialog<T extends HTMLElement = HTMLButtonElement>(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  const initialFocus = useRef<T>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      node.showModal();
      initialFocus.current?.focus();
    } else if (!open && node.open) node.close();
  }, [open]);
  return { dialog, initialFocus };
}
