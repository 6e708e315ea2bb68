import { useId, type ReactNode } from "react";
import { Button, buttonClass } from "../ui";
import { useModalDialog } from "./use-modal-dialog";

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}

/**
 * A modal question before an action that changes someone's account. A native `<dialog>` opened
 * with showModal: focus moves in and stays in, Escape cancels, the page behind is inert. Cancel
 * has the first focus, so Enter alone never confirms. A refusal from the server is shown inside,
 * leaving the dialog open. While `busy` the confirming button is `busy` (aria-disabled, presses
 * ignored), never `disabled`, so the keyboard's focus stays on it (decision 038); Cancel, which
 * cannot be used meanwhile, is disabled. Closed, the dialog hands the focus back to its opener;
 * a caller whose action leaves the opener unusable moves it on (useFocusNext).
 */
export function ConfirmDialog({
  request,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  request: ConfirmRequest | null;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { dialog, initialFocus: cancel } = useModalDialog(request !== null);
  const id = useId();

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {request ? (
        <div className="space-y-4 p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {request.title}
          </h2>
          <div id={`${id}-body`} className="text-sm text-slate-600 dark:text-slate-300">
            {request.body}
          </div>
          {error ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button ref={cancel} type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <Button variant={request.danger ? "danger" : "primary"} onClick={onConfirm} busy={busy}>
              {busy ? "Working…" : request.confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
