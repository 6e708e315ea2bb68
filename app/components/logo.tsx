import { Link } from "@remix-run/react";
import { cx } from "./ui";

export const PRODUCT_NAME = "Linkwise";

/** The mark alone (decorative: the name beside it says what it is). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span className={cx("grid place-items-center bg-brand-600 text-white", className ?? "h-8 w-8 rounded-lg")} aria-hidden>
      <svg viewBox="0 0 24 24" className="h-[62%] w-[62%]" fill="none" stroke="currentColor" strokeWidth="2.2">
        <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
        <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
      </svg>
    </span>
  );
}

/** The logo, linking home: the public home page, or the dashboard inside the app. */
export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight" aria-label={to === "/" ? `${PRODUCT_NAME} home` : `${PRODUCT_NAME} dashboard`}>
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
