import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode } from "react";

/** The small set of shared building blocks every page uses, so spacing and colour stay consistent. */
export function cx(...classes: Array<string | false | null | undefined>) {
  return classes.filter(Boolean).join(" ");
}

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50 aria-disabled:bg-brand-600/50",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white hover:bg-red-700",
};
const sizes: Record<Size, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-6 py-3 text-base",
};

export function buttonClass(variant: Variant = "primary", size: Size = "md") {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
    variants[variant],
    sizes[size],
  );
}

/**
 * `busy`: the button's request is running. It reads as disabled (aria-disabled, aria-busy) and a
 * press does nothing — a second click, Enter on it or in its form's fields — but it stays focusable:
 * a `disabled` button drops a keyboard's focus to the page's start (decision 038). Keep `disabled`
 * for a button that cannot be used (an invalid field, nothing to do).
 */
export function Button({
  variant = "primary",
  size = "md",
  className,
  busy,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; busy?: boolean }) {
  return (
    <button
      type="button"
      className={cx(buttonClass(variant, size), className)}
      {...props}
      aria-disabled={busy || props["aria-disabled"] || undefined}
      aria-busy={busy || props["aria-busy"] || undefined}
      onClick={(event) => {
        // Cancelling the click also cancels the form submission it would start.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

export function ButtonLink({
  variant = "primary",
  size = "md",
  className,
  ...props
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={cx(buttonClass(variant, size), className)} {...props} />;
}

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx(
        "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900",
        className,
      )}
      {...props}
    />
  );
}

type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger";
const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  brand: "bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200",
  success: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  warning: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  danger: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
};

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={cx("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium", tones[tone])}>
      {children}
    </span>
  );
}

/** A list of items each marked with a green check (plan features). */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cx("text-sm", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden className="text-emerald-600">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A link's tags as #tag chips. */
export function TagChips({ tags, size = "sm", className }: { tags: string[]; size?: "sm" | "md"; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cx("flex flex-wrap", size === "sm" ? "gap-1" : "gap-2", className)} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className={cx(
            "rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
            size === "sm" ? "px-2 py-0.5 text-xs" : "px-3 py-1 text-sm",
          )}
        >
          #{tag}
        </li>
      ))}
    </ul>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center py-12">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The top of every content page: one h1 and an optional line under it. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white py-12 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950 sm:py-16">
      <div className="container-page text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
        {children}
      </div>
    </header>
  );
}

export function Section({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cx("container-page py-12 sm:py-16", className)} {...props} />;
}
