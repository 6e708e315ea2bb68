import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from "react";
import { cx } from "../ui";

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

export interface RowMenuHandle {
  /** Opens the menu with the focus on its first item (the list's `.` key). */
  open: () => void;
}

/**
 * A row's ⋯ actions: the WAI-ARIA menu button. Arrow keys, Home and End move between items,
 * Enter or Space picks one, Escape and Tab close it; closing gives the focus back to what had it
 * (the row's title when opened by key, the button when clicked). Out of the Tab order: the list
 * is one Tab stop and `.` opens the focused row's menu.
 */
export const RowMenu = forwardRef<RowMenuHandle, { label: string; items: RowMenuItem[]; className?: string }>(function RowMenu({ label, items, className }, ref) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const focusItem = (index: number) => {
    const nodes = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!nodes || nodes.length === 0) return;
    nodes[(index + nodes.length) % nodes.length]!.focus();
  };
  // The item to focus once the menu is drawn: in the same turn as the key or click that opened it,
  // so a key pressed right after (`.` then ↓) reaches the menu, not the list behind it.
  const focusWhenOpen = useRef<"first" | "last" | null>(null);
  const show = (first: "first" | "last" = "first") => {
    if (open) return focusItem(first === "first" ? 0 : -1);
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : button.current;
    focusWhenOpen.current = first;
    setOpen(true);
  };
  // React runs this right after the redraw for a key or click (a discrete event), before the next one.
  useEffect(() => {
    if (!open || focusWhenOpen.current === null) return;
    focusItem(focusWhenOpen.current === "first" ? 0 : -1);
    focusWhenOpen.current = null;
  }, [open]);
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) (returnTo.current ?? button.current)?.focus();
  };
  useImperativeHandle(ref, () => ({ open: () => show("first") }));

  // A click anywhere else closes the menu, leaving the focus where that click put it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const nodes = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = nodes.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 }[event.key];
    // Keys inside the menu are the menu's: the list behind it must not move or select.
    event.stopPropagation();
    if (next !== undefined) {
      event.preventDefault();
      focusItem(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      close(false);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Type-ahead: the next item starting with the letter.
      const letter = event.key.toLowerCase();
      const order = [...nodes.slice(index + 1), ...nodes.slice(0, index + 1)];
      order.find((node) => node.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    }
  };

  return (
    <div className={cx("relative", className)}>
      <button
        ref={button}
        type="button"
        tabIndex={-1}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        data-testid="row-menu-button"
        onClick={() => (open ? close() : show())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            event.stopPropagation();
            show(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
        className="menu-button"
      >
        {/* The three dots as one path of round caps: the button is in every row, and each element is styled and laid out. */}
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" aria-hidden className="h-5 w-5">
          <path d="M4 10h0m6 0h0m6 0h0" />
        </svg>
      </button>
      {open ? (
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-full z-30 mt-1 min-w-[10rem] rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {items.map((item) => (
            <li
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                item.onSelect();
              }}
              onKeyDown={(event) => {
                if (event.key !== "Enter" && event.key !== " ") return;
                event.preventDefault();
                close();
                item.onSelect();
              }}
              className={cx(
                "cursor-pointer px-3 py-2 text-sm outline-none focus:bg-slate-100 hover:bg-slate-100 dark:focus:bg-slate-800 dark:hover:bg-slate-800",
                item.danger ? "text-red-700 dark:text-red-300" : "text-slate-800 dark:text-slate-100",
              )}
            >
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
