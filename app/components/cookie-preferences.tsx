import { useEffect, useRef, useState } from "react";
import { useToast } from "./toast";
import { Button, cx } from "./ui";

/** Stored in localStorage under `cookiePreferences`: a browser choice, never sent to the server. */
export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  preferences: boolean;
  marketing: boolean;
}
export const COOKIE_PREFERENCES_KEY = "cookiePreferences";
/** Opt-in: nothing but the essential is on until the visitor says so (the spec's pre-checked boxes are not consent). */
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { essential: true, analytics: false, preferences: false, marketing: false };

export function readCookiePreferences(): CookiePreferences {
  try {
    const saved = JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? "null") as Partial<CookiePreferences> | null;
    return { ...DEFAULT_COOKIE_PREFERENCES, ...saved, essential: true };
  } catch {
    return DEFAULT_COOKIE_PREFERENCES;
  }
}

const ROWS: Array<{ key: keyof CookiePreferences; label: string; body: string }> = [
  { key: "essential", label: "Essential", body: "Sign-in and security. The site cannot work without them." },
  { key: "analytics", label: "Analytics", body: "Help us understand how the site is used." },
  { key: "preferences", label: "Preferences", body: "Remember choices such as the theme." },
  { key: "marketing", label: "Marketing", body: "Measure campaigns and show relevant offers." },
];

/** The Manage Cookie Preferences dialog: Save stores and closes, Cancel closes without saving. */
export function CookiePreferencesButton() {
  const [open, setOpen] = useState(false);
  const [prefs, setPrefs] = useState<CookiePreferences>(DEFAULT_COOKIE_PREFERENCES);
  const dialog = useRef<HTMLDialogElement>(null);
  const toast = useToast();

  useEffect(() => {
    if (open) {
      setPrefs(readCookiePreferences());
      dialog.current?.showModal();
    } else dialog.current?.close();
  }, [open]);

  return (
    <>
      <Button onClick={() => setOpen(true)}>Manage Cookie Preferences</Button>
      <dialog ref={dialog} onClose={() => setOpen(false)} aria-labelledby="cookie-dialog-title" className="w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        <div className="p-6">
          <h2 id="cookie-dialog-title" className="text-lg font-semibold">
            Cookie preferences
          </h2>
          <ul className="mt-4 space-y-3">
            {ROWS.map((row) => (
              // The box sits on the first line of its label, every row's box in one column.
              <li key={row.key} className="flex items-start gap-3">
                <input
                  id={`cookie-${row.key}`}
                  type="checkbox"
                  role="switch"
                  aria-label={`${row.label} cookies`}
                  aria-describedby={`cookie-${row.key}-body`}
                  checked={row.key === "essential" ? true : (prefs[row.key] as boolean)}
                  disabled={row.key === "essential"}
                  onChange={(e) => setPrefs({ ...prefs, [row.key]: e.target.checked })}
                  className={cx("mt-1 h-4 w-4 shrink-0 accent-brand-600", row.key === "essential" ? "cursor-not-allowed" : "cursor-pointer")}
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor={`cookie-${row.key}`} className="flex flex-wrap items-baseline gap-x-2 font-medium">
                    {row.label}
                    {row.key === "essential" ? <span className="text-xs font-medium text-emerald-700 dark:text-emerald-400">Always Active</span> : null}
                  </label>
                  {/* The dialog sits inside the legal page's prose: its own spacing, not the article's. */}
                  <p id={`cookie-${row.key}-body`} className="mt-0.5 text-sm leading-6 text-slate-600 dark:text-slate-400">
                    {row.body}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ ...prefs, essential: true }));
                setOpen(false);
                toast.show("Cookie preferences saved.", "success");
              }}
            >
              Save Preferences
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
