import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { ROLE_LABELS, type PublicUser, type Role } from "~/lib/user";
import { Logo } from "./logo";
import { NotificationBell } from "./notification-bell";
import { ThemeToggle } from "./theme-toggle";
import { Badge, buttonClass } from "./ui";

const ROLE_TONES: Record<Role, "neutral" | "brand" | "success" | "danger"> = {
  FreeUser: "neutral",
  LiteUser: "success",
  ProUser: "brand",
  Admin: "danger",
};

function SignedInLinks({ user }: { user: PublicUser }) {
  return (
    <>
      <Link to="/dashboard" className={buttonClass("ghost")}>
        Dashboard
      </Link>
      <Link to="/settings/billing" className={buttonClass("ghost")}>
        Billing
      </Link>
      <Link to="/settings" className={buttonClass("ghost")}>
        Settings
      </Link>
      {user.role === "Admin" ? (
        <Link to="/admin" className={buttonClass("ghost")}>
          Admin
        </Link>
      ) : null}
      {/* On a phone the menu is the screen's width: a long address is cut short, the badges wrap. */}
      <span className="flex min-w-0 max-w-full flex-wrap items-center gap-2 text-sm">
        <span className="min-w-0 max-w-full truncate text-slate-700 md:max-w-[14rem] dark:text-slate-200" data-testid="nav-email">
          {user.email}
        </span>
        {user.emailConfirmed ? null : <Badge tone="warning">Unconfirmed</Badge>}
        <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
      </span>
      <Form method="post" action="/logout">
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Logout
        </button>
      </Form>
    </>
  );
}

function SignedOutLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Link to="/login" className={buttonClass("ghost")} onClick={onNavigate}>
        Login
      </Link>
      <Link to="/register" className={buttonClass("primary")} onClick={onNavigate}>
        Get Started
      </Link>
    </>
  );
}

/** The top bar: logo, theme toggle, and the signed-in or signed-out links. */
export function NavBar({ user }: { user: PublicUser | null }) {
  const [open, setOpen] = useState(false);
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
        <div id="mobile-menu" className="container-page flex flex-col items-start gap-2 pb-4 md:hidden">
          <Link to="/trending" className={buttonClass("ghost")} onClick={() => setOpen(false)}>
            Trending
          </Link>
          <Link to="/pricing" className={buttonClass("ghost")} onClick={() => setOpen(false)}>
            Pricing
          </Link>
          {user ? <SignedInLinks user={user} /> : <SignedOutLinks onNavigate={() => setOpen(false)} />}
        </div>
      ) : null}
    </nav>
  );
}
