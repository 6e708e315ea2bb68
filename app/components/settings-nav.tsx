import { NavLink } from "@remix-run/react";
import { cx } from "./ui";

/** The settings sub-nav: Account | Billing | API & integrations. */
export function SettingsNav() {
  const item = ({ isActive }: { isActive: boolean }) =>
    cx(
      "rounded-lg px-3 py-1.5 text-sm font-medium",
      isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
    );
  return (
    <nav aria-label="Settings" className="mx-auto mt-6 flex w-fit gap-2 rounded-xl border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900">
      <NavLink to="/settings" end className={item}>
        Account
      </NavLink>
      <NavLink to="/settings/billing" className={item}>
        Billing
      </NavLink>
      <NavLink to="/settings/integrations" className={item}>
        API &amp; integrations
      </NavLink>
    </nav>
  );
}
