import { Form, NavLink } from "@remix-run/react";
import { useEffect, useState, type ReactNode, type Ref } from "react";
import { REVIEW_DUE_EVENT } from "~/lib/review";
import { ROLE_LABELS, type PublicUser } from "~/lib/user";
import { Logo, LogoMark, PRODUCT_NAME } from "./logo";
import { ROLE_TONES } from "./nav-bar";
import { NotificationBell } from "./notification-bell";
import { ThemeToggle } from "./theme-toggle";
import { Badge, cx } from "./ui";
import { useDisclosure } from "./use-disclosure";

/**
 * The frame of every signed-in page (decision 050): the application header here, and AppPage for
 * the page's title and width. The root layout draws the header for a route whose handle is APP_PAGE.
 */

type NavItem = { to: string; label: string; end?: boolean; count?: number | null; countLabel?: string };

/** The app's own sections, in the header; Admin only for admins. */
function mainItems(user: PublicUser, reviewDue: number | null): NavItem[] {
  return [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/highlights", label: "Highlights" },
    { to: "/review", label: "Review", count: reviewDue, countLabel: reviewDue ? `Review, ${reviewDue.toLocaleString("en-US")} ${reviewDue === 1 ? "card" : "cards"} due` : undefined },
    { to: "/trending", label: "Trending" },
    ...(user.role === "Admin" ? [{ to: "/admin", label: "Admin" }] : []),
  ];
}

/** The person's own pages, in the account menu. */
const ACCOUNT_ITEMS: NavItem[] = [
  { to: "/settings", label: "Settings", end: true },
  { to: "/settings/billing", label: "Billing" },
  { to: "/settings/integrations", label: "API & integrations" },
  { to: "/bookmarklet", label: "Bookmarklet" },
];

const barLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    "inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium",
    isActive
      ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
  );

const menuLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex min-h-10 items-center rounded-lg px-3 text-sm font-medium",
    isActive ? "bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  );

function AccountBadges({ user }: { user: PublicUser }) {
  return (
    <>
      {user.emailConfirmed ? null : <Badge tone="warning">Unconfirmed</Badge>}
      <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
    </>
  );
}

function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={cx("flex min-h-10 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800", className)}>
        Log out
      </button>
    </Form>
  );
}

/** Desktop: the address and plan, opening the person's own pages and Log out. */
function AccountMenu({ user }: { user: PublicUser }) {
  const { open, setOpen, button, panel, close } = useDisclosure();
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-10 max-w-[14rem] items-center gap-2 xl:max-w-[20rem] rounded-lg px-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-semibold uppercase text-white">
          {user.email.slice(0, 1)}
        </span>
        <span className="min-w-0 truncate text-slate-700 dark:text-slate-200" data-testid="nav-email">
          {user.email}
        </span>
        <AccountBadges user={user} />
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      {open ? (
        <div
          ref={panel}
          id="account-menu"
          className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="px-3 pb-2 pt-1 text-xs text-slate-600 dark:text-slate-300">
            Signed in as <span className="block truncate font-medium text-slate-900 dark:text-white">{user.email}</span>
          </p>
          <ul className="border-t border-slate-200 pt-2 dark:border-slate-700">
            {ACCOUNT_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={menuLink} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            <LogoutButton />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** A section's name, with its count when it has one ("Review 12", read "Review, 12 cards due"). */
function ItemLabel({ item }: { item: NavItem }) {
  if (!item.count) return <>{item.label}</>;
  // The link's aria-label reads "Review, 12 cards due"; the visible "Review 12" is part of it.
  return (
    <span>
      {item.label}{" "}
      <span className="rounded-full bg-brand-100 px-1.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100" data-testid="review-due-count">
        {item.count.toLocaleString("en-US")}
      </span>
    </span>
  );
}

/**
 * The due count as the loader gave it, less the cards graded on this page since (the review page
 * announces each card it sends to a later day, REVIEW_DUE_EVENT), so the number follows the session.
 */
function useReviewDue(initial: number | null): number | null {
  const [due, setDue] = useState(initial);
  useEffect(() => setDue(initial), [initial]);
  useEffect(() => {
    const onDue = (event: Event) => setDue((value) => (value === null ? value : Math.max(0, value + Number((event as CustomEvent<number>).detail))));
    window.addEventListener(REVIEW_DUE_EVENT, onDue);
    return () => window.removeEventListener(REVIEW_DUE_EVENT, onDue);
  }, []);
  return due;
}

/** The application header: logo, the app's sections, theme, notifications and the account menu. */
export function AppHeader({ user, reviewDue = null }: { user: PublicUser; reviewDue?: number | null }) {
  const phone = useDisclosure();
  const items = mainItems(user, useReviewDue(reviewDue));
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90" data-testid="app-header">
      <nav aria-label="Main" className="container-page flex h-16 items-center gap-2 md:gap-4">
        <Logo to="/dashboard" />
        <ul className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={barLink} aria-label={item.countLabel}>
                <ItemLabel item={item} />
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 md:gap-2">
          <ThemeToggle />
          <NotificationBell initialUnread={user.notifications.unreadCount} />
          <div className="hidden lg:block">
            <AccountMenu user={user} />
          </div>
          <button
            ref={phone.button}
            type="button"
            className="rounded-lg p-2 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
            aria-expanded={phone.open}
            aria-controls="mobile-menu"
            aria-label="Menu"
            onClick={() => phone.setOpen((value) => !value)}
          >
            <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </nav>
      {phone.open ? (
        <div ref={phone.panel} id="mobile-menu" className="border-t border-slate-200 pb-4 pt-2 dark:border-slate-800 lg:hidden">
          <div className="container-page space-y-3">
            <ul aria-label="Sections" className="space-y-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={menuLink} onClick={phone.close} aria-label={item.countLabel}>
                    <ItemLabel item={item} />
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
              <p className="flex min-w-0 flex-wrap items-center gap-2 px-3 pb-2 text-sm">
                <span className="min-w-0 max-w-full truncate text-slate-700 dark:text-slate-200">{user.email}</span>
                <AccountBadges user={user} />
              </p>
              <ul aria-label="Account" className="space-y-1">
                {ACCOUNT_ITEMS.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={menuLink} onClick={phone.close}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <LogoutButton />
                </li>
              </ul>
            </div>
          </div>
        </div>
      ) : null}
    </header>
  );
}

/** The classes of a signed-in page's title, for a page that draws its own heading row (the dashboard). */
export const APP_TITLE_CLASS = "text-2xl font-bold tracking-tight sm:text-3xl";
/** The width and spacing of every signed-in page's content, the header's width. */
export const APP_CONTENT_CLASS = "container-page py-6 sm:py-8";

/**
 * A signed-in page: one h1 with an optional line under it, actions on its right, a section's
 * tabs (SectionNav) below, then the content, all at the header's width.
 */
export function AppPage({
  title,
  description,
  actions,
  nav,
  titleRef,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  nav?: ReactNode;
  /** For a page that moves the focus to its title (decision 017). */
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className={APP_CONTENT_CLASS}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={cx(APP_TITLE_CLASS, "outline-none")}>
            {title}
          </h1>
          {description ? <div className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {nav}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A section's pages as tabs under its title: Settings (Account, Billing, API), Admin (Console, Jobs, Toggles). */
export function SectionNav({ label, items }: { label: string; items: NavItem[] }) {
  return (
    <nav aria-label={label} className="mt-4 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cx(
                  "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium",
                  isActive
                    ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-600 dark:hover:text-white",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The admin pages' tabs. */
export function AdminNav() {
  return (
    <SectionNav
      label="Admin"
      items={[
        { to: "/admin", label: "Console", end: true },
        { to: "/admin/jobs", label: "Jobs" },
        { to: "/admin/feature-toggles", label: "Feature toggles" },
      ]}
    />
  );
}

/** A popup's frame (BARE_PAGE): the product's name, not a link away from the task. */
export function PopupPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-4 sm:py-6">
      <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
        <LogoMark className="h-6 w-6 rounded-md" />
        {PRODUCT_NAME}
      </p>
      {children}
    </div>
  );
}
