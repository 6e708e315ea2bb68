import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { REAUTHENTICATE_PATH, SIGN_IN_AGAIN, asksToSignInAgain, type Reauthenticated } from "~/lib/account";
import { ApiError, apiFetch } from "~/lib/api-client";
import { useModalDialog } from "./admin/use-modal-dialog";
import { PasswordField } from "./form";
import { Button, buttonClass } from "./ui";

/**
 * Account actions that ask no password want a recent sign-in (decision 048). A settings page
 * wraps its calls in `run`: when the server answers "Sign in again to continue", a dialog asks
 * for the password, and once it is accepted the call is made again. `ensureRecent` asks first,
 * for what cannot be retried after the fact (a download the browser streams to disk).
 */
interface Reauth {
  run<T>(action: () => Promise<T>): Promise<T>;
  /** Whether the sign-in is recent now, as far as this page knows (a margin before the server's end). */
  isRecent(): boolean;
  ensureRecent(): Promise<void>;
}

/** A refusal the dialog could lift, when it is cancelled: the page shows the server's words. */
const cancelled = (reason: ApiError | null) => reason ?? new ApiError(403, SIGN_IN_AGAIN);

/** Leaves a little of the window for the request itself, so a check here does not pass a moment too late. */
const MARGIN_MS = 30_000;

const ReauthContext = createContext<Reauth | null>(null);

export function useReauth(): Reauth {
  const reauth = useContext(ReauthContext);
  if (!reauth) throw new Error("useReauth needs a ReauthProvider");
  return reauth;
}

interface Pending {
  reason: ApiError | null;
  resolve: () => void;
  reject: (error: ApiError) => void;
}

/**
 * `recentForMs`: how long the page's loader said this session's sign-in stays recent (0: not
 * now, or unknown); counted from when the page got it, on this browser's clock.
 */
export function ReauthProvider({ recentForMs = 0, children }: { recentForMs?: number; children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const deadline = useRef(0);
  useEffect(() => {
    deadline.current = Date.now() + recentForMs - MARGIN_MS;
  }, [recentForMs]);

  const ask = useCallback(
    (reason: ApiError | null) =>
      new Promise<void>((resolve, reject) => {
        setPending({ reason, resolve, reject });
      }),
    [],
  );

  const value = useMemo<Reauth>(
    () => ({
      async run(action) {
        try {
          return await action();
        } catch (error) {
          if (!(error instanceof ApiError) || !asksToSignInAgain(error.status, error.body)) throw error;
          deadline.current = 0;
          await ask(error);
          return action();
        }
      },
      isRecent: () => Date.now() < deadline.current,
      async ensureRecent() {
        if (Date.now() < deadline.current) return;
        await ask(null);
      },
    }),
    [ask],
  );

  return (
    <ReauthContext.Provider value={value}>
      {children}
      <ReauthDialog
        open={pending !== null}
        onDone={(validForSeconds) => {
          deadline.current = Date.now() + validForSeconds * 1000 - MARGIN_MS;
          pending?.resolve();
          setPending(null);
        }}
        onCancel={() => {
          pending?.reject(cancelled(pending.reason));
          setPending(null);
        }}
      />
    </ReauthContext.Provider>
  );
}

/**
 * A native modal `<dialog>`: the focus goes to the password and stays inside, the page behind is
 * inert, Escape cancels, and on closing the focus goes back to the control that asked.
 */
function ReauthDialog({ open, onDone, onCancel }: { open: boolean; onDone: (validForSeconds: number) => void; onCancel: () => void }) {
  const { dialog } = useModalDialog<HTMLElement>(open);
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLInputElement>("input")?.focus();
    else {
      setPassword("");
      setError(null);
    }
  }, [open, dialog]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { validForSeconds } = await apiFetch<Reauthenticated>(REAUTHENTICATE_PATH, { body: { password } });
      onDone(validForSeconds);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "That did not work. Please try again.");
      dialog.current?.querySelector<HTMLInputElement>("input")?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid="reauth-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Sign in again to continue
        </h2>
        <p id={`${id}-body`} className="text-sm text-slate-600 dark:text-slate-300">
          Sessions, your data and API tokens need a recent sign-in. Type your password to go on; it counts as one for the next few minutes.
        </p>
        <PasswordField label="Your password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <Button type="submit" busy={busy}>
            {busy ? "Checking…" : "Continue"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
