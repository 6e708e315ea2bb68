import { Link } from "@remix-run/react";
import { useState } from "react";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";
import { buttonClass } from "./ui";

/** The top bar. Logged-out state for now; the signed-in state arrives with accounts. */
export function NavBar() {
  const [open, setOpen] = useState(false);
  return (
    <nav aria-label="Main" className="sticky top-0 z-40 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <div className="hidden items-center gap-2 sm:flex">
          <Link to="/trending" className={buttonClass("ghost")}>
            Trending
          </Link>
          <Link to="/pricing" className={buttonClass("ghost")}>
            Pricing
          </Link>
          <ThemeToggle />
          <Link to="/login" className={buttonClass("ghost")}>
            Login
          </Link>
          <Link to="/register" className={buttonClass("primary")}>
            Get Started
          </Link>
        </div>
        <div className="flex items-center gap-1 sm:hidden">
          <ThemeToggle />
          <button
            type="button"
            className="rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
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
        <div id="mobile-menu" className="container-page flex flex-col gap-1 pb-4 sm:hidden">
          {[
            ["/trending", "Trending"],
            ["/pricing", "Pricing"],
            ["/login", "Login"],
          ].map(([to, label]) => (
            <Link key={to} to={to!} className={buttonClass("ghost")} onClick={() => setOpen(false)}>
              {label}
            </Link>
          ))}
          <Link to="/register" className={buttonClass("primary")} onClick={() => setOpen(false)}>
            Get Started
          </Link>
        </div>
      ) : null}
    </nav>
  );
}
