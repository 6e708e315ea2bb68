import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cx } from "./ui";

export const TOAST_DURATION_MS = 4_000;

type ToastKind = "success" | "error" | "info";

/** A button in the toast (Undo); the toast closes once it is pressed. */
export interface ToastAction {
  label: string;
  onAction(): void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long it stays; a toast with an action needs longer than the default to be reached. */
  durationMs?: number;
  /** Moves keyboard focus to the action (when what had focus went away, e.g. a deleted row's button). */
  focusAction?: boolean;
}

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
  focusAction: boolean;
}

interface ToastApi {
  show(message: string, kind?: ToastKind, options?: ToastOptions): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

const kindStyles: Record<ToastKind, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100",
  info: "border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
};

/**
 * Toasts stack at the bottom (full width on a phone, bottom-right from `sm`) and close themselves
 * after four seconds, or the duration asked. The clock stops while the pointer is on a toast or
 * the keyboard has reached it (visible focus), so nobody loses an Undo while reaching for it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, { timer?: ReturnType<typeof setTimeout>; left: number; started: number }>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id)?.timer);
    timers.current.delete(id);
  }, []);

  const run = useCallback(
    (id: number) => {
      const clock = timers.current.get(id);
      if (!clock || clock.timer) return;
      clock.started = Date.now();
      clock.timer = setTimeout(() => dismiss(id), clock.left);
    },
    [dismiss],
  );
  const hold = useCallback((id: number) => {
    const clock = timers.current.get(id);
    if (!clock?.timer) return;
    clearTimeout(clock.timer);
    clock.timer = undefined;
    clock.left = Math.max(1_000, clock.left - (Date.now() - clock.started));
  }, []);

  const show = useCallback(
    (message: string, kind: ToastKind = "info", options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, message, action: options.action, focusAction: options.focusAction ?? false }]);
      timers.current.set(id, { left: options.durationMs ?? TOAST_DURATION_MS, started: Date.now() });
      run(id);
      return id;
    },
    [run],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((clock) => clearTimeout(clock.timer));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-full sm:max-w-sm">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === "error" ? "alert" : "status"}
            data-testid="toast"
            className={cx("pointer-events-auto flex items-center gap-3 rounded-xl border p-4 shadow-lg", kindStyles[toast.kind])}
            onMouseEnter={() => hold(toast.id)}
            onMouseLeave={() => run(toast.id)}
            onFocus={(event) => {
              // Focus moved there after a click does not hold it: only a keyboard user's does.
              if (event.target.matches(":focus-visible")) hold(toast.id);
            }}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) run(toast.id);
            }}
          >
            <p className="min-w-0 flex-1 text-sm">{toast.message}</p>
            {toast.action ? (
              <button
                type="button"
                ref={(button) => {
                  if (button && toast.focusAction && !button.dataset.focused) {
                    button.dataset.focused = "1";
                    button.focus();
                  }
                }}
                onClick={() => {
                  dismiss(toast.id);
                  toast.action!.onAction();
                }}
                className="min-h-[2.25rem] rounded-lg border border-current px-3 text-sm font-semibold hover:bg-slate-900/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-white/10 dark:focus-visible:outline-brand-300"
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="min-h-[1.5rem] min-w-[1.5rem] text-sm opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
