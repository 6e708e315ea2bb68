import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { ROLE_LABELS, type PublicUser, type Role } from "~/lib/user";
import { Logo } from "./logo";
import { NotificationBell } from "./notification-bell";
import { ThemeToggle } from "./theme-toggle";
import { Badge, buttonClass, cx } from "./ui";
import { useEscapeLayer } from "./use-escape-layer";

export const ROLE_TONES: Record<Role, "neutral" | "brand" | "success" | "danger"> = {
  FreeUser: "neutral",
  LiteUser: "success",
  ProUser: "brand",
  Admin: "danger",
};

/** Links in the phone menu span its width, their text in line with the logo and the account row. */
const stackedLink = "flex items-center rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

function SignedInLinks({ user, stacked = false, onNavigate }: { user: PublicUser; stacked?: boolean; onNavigate?: () => void }) {
  const linkClass = stacked ? stackedLink : buttonClass("ghost");
  return (
    <>
      <Link to="/dashboard" className={linkClass} onClick={onNavigate}>
        Dashboard
      </Link>
      <Link to="/settings/billing" className={linkClass} onClick={onNavigate}>
        Billing
      </Link>
      <Link to="/settings" className={linkClass} onClick={onNavigate}>
        Settings
      </Link>
      {user.role === "Admin" ? (
        <Link to="/admin" className={linkClass} onClick={onNavigate}>
          Admin
        </Link>
      ) : null}
      {/* On a phone the menu is the screen's width: a long address is cut short, the badges wrap. */}
      <span className={cx("flex min-w-0 max-w-full flex-wrap items-center gap-2 text-sm", stacked && "px-3 py-2")}>
        <span className="min-w-0 max-w-full truncate text-slate-700 md:max-w-[14rem] dark:text-slate-200" data-testid="nav-email">
          {user.email}
        </span>
        {user.emailConfirmed ? null : <Badge tone="warning">Unconfirmed</Badge>}
        <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
      </span>
      <Form method="post" action="/logout" className={cx(stacked && "px-3")}>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Logout
        </button>
      </Form>
    </>
  );
}

function SignedOutLinks({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  return (
    <>
      <Link to="/login" className={stacked ? stackedLink : buttonClass("ghost")} onClick={onNavigate}>
        Login
      </Link>
      <Link to="/register" className={cx(buttonClass("primary"), stacked && "mx-3 mt-2")} onClick={onNavigate}>
        Get Started
      </Link>
    </>
  );
}

/** The top bar: logo, theme toggle, and the signed-in or signed-out links. */
export function NavBar({ user }: { user: PublicUser | null }) {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu (the topmost layer while it is open), and the focus goes back to its button.
  useEscapeLayer(open, "popup", () => {
    setOpen(false);
    menuButton.current?.focus();
  }, { whileTyping: true });
  return (
    <nav aria-label="Main" className="sticky top-0 z-40 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <div className="flex items-center gap-1 md:gap-2">
          <div className="hidden items-center gap-2 md:flex">
            <Link to="/trending" className={buttonClass("ghost")}>
              Trending
            </Link>
            {user ? null : (
              <Link to="/pricing" className={buttonClass("ghost")}>
                Pricing
              </Link>
            )}
          </div>
          <ThemeToggle />
          {user ? <NotificationBell initialUnread={user.notifications.unreadCount} /> : null}
          <div className="hidden items-center gap-2 md:flex">{user ? <SignedInLinks user={user} /> : <SignedOutLinks />}</div>
          <button
            ref={menuButton}
            type="button"
            className="rounded-lg p-2 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label="Menu"
            onClick={() => setOpen((value) => !value)}
          >
            <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </div>
      {open ? (
        <div id="mobile-menu" className="flex flex-col gap-1 border-t border-slate-200 px-1 pb-4 pt-2 dark:border-slate-800 md:hidden">
          <Link to="/trending" className={stackedLink} onClick={() => setOpen(false)}>
            Trending
          </Link>
          {user ? null : (
            <Link to="/pricing" className={stackedLink} onClick={() => setOpen(false)}>
              Pricing
            </Link>
          )}
          {user ? <SignedInLinks user={user} stacked onNavigate={() => setOpen(false)} /> : <SignedOutLinks stacked onNavigate={() => setOpen(false)} />}
        </div>
      ) : null}
    </nav>
  );
}
