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
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { essential: true, analytics: true, preferences: true, marketing: false };

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
      <dialog ref={dialog} onClose={() => setOpen(false)} aria-labelledby="cookie-dialog-title" className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        <div className="p-6">
          <h2 id="cookie-dialog-title" className="text-lg font-semibold">
            Cookie preferences
          </h2>
          <ul className="mt-4 space-y-3">
            {ROWS.map((row) => (
              <li key={row.key} className="flex items-start justify-between gap-4">
                <div>
                  <p className="font-medium">{row.label}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{row.body}</p>
                </div>
                {row.key === "essential" ? (
                  <span className="whitespace-nowrap text-xs font-medium text-emerald-700 dark:text-emerald-400">Always Active</span>
                ) : (
                  <label className="flex items-center gap-2 text-sm">
                    <span className="sr-only">{row.label} cookies</span>
                    <input
                      type="checkbox"
                      role="switch"
                      checked={prefs[row.key] as boolean}
                      onChange={(e) => setPrefs({ ...prefs, [row.key]: e.target.checked })}
                      className={cx("h-5 w-9 cursor-pointer accent-brand-600")}
                    />
                  </label>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-end gap-2">
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
