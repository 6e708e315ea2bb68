import { Link } from "@remix-run/react";
import { Logo, PRODUCT_NAME } from "./logo";

const columns = [
  {
    title: "Product",
    links: [
      ["/features", "Features"],
      ["/pricing", "Pricing"],
      ["/register", "Get Started"],
    ],
  },
  {
    title: "Support",
    links: [
      ["/help-center", "Help Center"],
      ["/contact", "Contact"],
      ["/documentation", "Documentation"],
    ],
  },
  {
    title: "Legal",
    links: [
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-service", "Terms of Service"],
      ["/cookie-policy", "Cookie Policy"],
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            Save links. Let AI turn them into summaries, quizzes and courses you can share.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="text-sm text-slate-600 hover:text-brand-600 dark:text-slate-400 dark:hover:text-brand-400">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </div>
    </footer>
  );
}
