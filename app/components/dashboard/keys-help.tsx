import { useId } from "react";
import { LIST_KEYS } from "~/lib/list-keys";
import { useModalDialog } from "../admin/use-modal-dialog";
import { buttonClass } from "../ui";

/** The `?` dialog: every key the saved links list answers to (LIST_KEYS); loaded when first opened (keys-dialog.tsx). */
export function KeysHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const { dialog, initialFocus } = useModalDialog(open);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      data-testid="keys-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Keyboard shortcuts
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">In the list of saved links (Tab reaches it once). None works while you type in a field.</p>
        <dl className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {LIST_KEYS.map(({ keys, action }) => (
            <div key={action} className="flex items-center justify-between gap-4 py-2">
              <dt className="flex shrink-0 gap-1">
                {keys.map((key) => (
                  <kbd key={key} className="min-w-[1.75rem] rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-slate-700 dark:text-slate-300">{action}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex justify-end">
          <button ref={initialFocus} type="button" className={buttonClass("secondary", "sm")} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
