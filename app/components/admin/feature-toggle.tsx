import type { FeatureFlagEntry, FlagRole } from "~/lib/feature-flags";
import { LocalTime } from "../local-time";
import { Badge, cx } from "../ui";

/** An on/off switch: a button with role="switch", so Space and Enter toggle it and readers say its state. */
export function Switch({ checked, label, disabled, onChange }: { checked: boolean; label: string; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cx(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
        "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        "disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-600",
      )}
    >
      <span
        aria-hidden
        className={cx("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5" : "translate-x-0")}
      />
    </button>
  );
}

/**
 * One feature of the toggles page: name, description, and a switch per plan role with its
 * default and who last changed it.
 */
export function FeatureToggleRow({
  feature,
  roles,
  values,
  disabled,
  onChange,
}: {
  feature: FeatureFlagEntry;
  roles: Array<{ role: FlagRole; label: string }>;
  values: Record<FlagRole, boolean>;
  disabled: boolean;
  onChange: (role: FlagRole, enabled: boolean) => void;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`feature-${feature.key}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {feature.name}
          {feature.built ? null : <Badge tone="warning">Coming soon</Badge>}
          {feature.freeUser ? <Badge tone="success">Free included</Badge> : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{feature.description}</p>
      </div>
      <div className="flex shrink-0 gap-6">
        {roles.map(({ role, label }) => {
          const cell = feature.cells[role];
          const checked = values[role];
          return (
            <div key={role} className="flex w-28 flex-col items-start gap-1 sm:items-center">
              <div className="flex items-center gap-2">
                <span className="text-xs font-medium text-slate-500 sm:hidden dark:text-slate-400" aria-hidden>
                  {label}
                </span>
                <Switch checked={checked} label={`${feature.name} for ${label}`} disabled={disabled} onChange={(next) => onChange(role, next)} />
              </div>
              <span className="text-xs text-slate-500 dark:text-slate-400" title={cell.updatedBy?.email ?? undefined}>
                {checked !== cell.default ? `Default: ${cell.default ? "on" : "off"}` : "Default"}
              </span>
              {cell.updatedAt ? (
                <span className="text-center text-[11px] leading-tight text-slate-500 dark:text-slate-400">
                  {cell.updatedBy?.email ?? "a deleted account"}
                  <br />
                  <LocalTime when={cell.updatedAt} />
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </li>
  );
}
