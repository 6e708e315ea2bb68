import { useEffect, useId, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { SalesState } from "~/lib/billing";
import { Badge, Button, cx } from "../ui";
import { useFocusNext } from "../use-focus-next";

interface SalesSetting {
  state: SalesState;
  source: "env" | "admin";
}

const OPTIONS: Array<[SalesState, string, string]> = [
  ["open", "Open", "Scout, Creator and packs are sold; checkout works."],
  ["coming-soon", "Coming Soon", "Paid plans show Coming Soon with Notify me; checkout answers 409."],
];

/** Whether plans and packs are on sale: the admin's choice, else the SALES_STATE variable. */
export function SalesStatePanel() {
  const [setting, setSetting] = useState<SalesSetting | null>(null);
  const [choice, setChoice] = useState<SalesState>("open");
  const [status, setStatus] = useState<{ kind: "idle" | "saving" | "saved" } | { kind: "error"; message: string }>({ kind: "idle" });
  const id = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusNext = useFocusNext();

  useEffect(() => {
    apiFetch<SalesSetting>("/api/admin/settings/sales").then(
      (answer) => {
        setSetting(answer);
        setChoice(answer.state);
      },
      (error) => setStatus({ kind: "error", message: error instanceof ApiError ? error.message : "Could not load the sales state." }),
    );
  }, []);

  async function save() {
    setStatus({ kind: "saving" });
    try {
      const answer = await apiFetch<SalesSetting>("/api/admin/settings/sales", { method: "PUT", body: { state: choice } });
      setSetting(answer);
      setChoice(answer.state);
      setStatus({ kind: "saved" });
      // Saved, Save is disabled (nothing to save): the outcome takes the focus it drops.
      focusNext(() => statusRef.current, { onlyIfLost: true });
    } catch (error) {
      setStatus({ kind: "error", message: error instanceof ApiError ? error.message : "The sales state could not be saved." });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-8 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900" data-testid="sales-state-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Sales
        </h2>
        {setting ? (
          <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" data-testid="sales-state-current">
            Now <Badge tone={setting.state === "open" ? "success" : "warning"}>{setting.state === "open" ? "Open" : "Coming Soon"}</Badge>
            <span>{setting.source === "admin" ? "set by an admin" : "from SALES_STATE (environment)"}</span>
          </span>
        ) : null}
      </div>
      <fieldset className="mt-4" disabled={!setting || status.kind === "saving"}>
        <legend className="sr-only">Sales state</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTIONS.map(([value, label, description]) => (
            <label
              key={value}
              className={cx(
                "flex cursor-pointer gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                choice === value ? "border-brand-500 bg-brand-50 dark:bg-brand-900/40" : "border-slate-200 dark:border-slate-700",
              )}
            >
              <input type="radio" name={`${id}-state`} value={value} checked={choice === value} onChange={() => setChoice(value)} className="mt-0.5 h-4 w-4 accent-brand-600" />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="text-slate-600 dark:text-slate-300">{description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={save} busy={status.kind === "saving"} disabled={!setting || (setting.state === choice && setting.source === "admin")}>
          {status.kind === "saving" ? "Saving…" : "Save sales state"}
        </Button>
        <p ref={statusRef} tabIndex={-1} role="status" aria-live="polite" className="text-sm">
          {status.kind === "saved" ? (
            <span className="font-medium text-emerald-700 dark:text-emerald-400">Saved</span>
          ) : status.kind === "error" ? (
            <span className="font-medium text-red-700 dark:text-red-400">{status.message}</span>
          ) : null}
        </p>
      </div>
    </section>
  );
}
