import { useEffect, useRef } from "react";

/**
 * Keeps a native `<dialog>` shown as a modal while `open` (focus inside, Escape closes, the page
 * behind inert) and closed otherwise. Focus goes to `initialFocus` when given, else the browser's
 * first focusable element.
 */
export function useModalDialog<T extends HTMLElement = HTMLButtonElement>(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  const initialFocus = useRef<T>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      opener.current = document.activeElement;
      node.showModal();
      initialFocus.current?.focus();
    } else if (!open && node.open) {
      node.close();
      // The browser gives the focus back to the opener; when that is now disabled (Change role
      // once the role is set) it falls to the body, behind a dialog still open: keep it in there.
      const host = opener.current?.closest("dialog[open]");
      if (document.activeElement === document.body && host) {
        host.querySelector<HTMLElement>("select:not([disabled]), input:not([disabled]), button:not([disabled])")?.focus();
      }
    }
  }, [open]);
  return { dialog, initialFocus };
}
