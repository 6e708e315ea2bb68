import type { ReactNode } from "react";

/** A titled section of an admin page, reachable by its id (`/admin#users`). */
/** `focusableHeading`: the heading can take the focus from a script (a pager's fallback, decision 038). */
export function Panel({
  id,
  title,
  action,
  focusableHeading,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  focusableHeading?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="min-w-0 scroll-mt-20 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} tabIndex={focusableHeading ? -1 : undefined} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
