import { Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import { FaqList } from "~/components/faq";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section, cx } from "~/components/ui";
import { HELP_CATEGORIES, HELP_FAQ, searchHelp } from "~/lib/help";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Help Center · ${PRODUCT_NAME}`, "Answers to the questions people ask most about saving, enriching and sharing links.");

export default function HelpCenter() {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const results = useMemo(() => searchHelp(HELP_FAQ, query, category), [query, category]);

  return (
    <>
      <PageHeader title="Help Center" subtitle="Answers to the questions people ask most.">
        <div className="mx-auto mt-6 max-w-xl">
          <label htmlFor="help-search" className="sr-only">
            Search the help center
          </label>
          <input
            id="help-search"
            type="search"
            placeholder="Search for answers…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
      </PageHeader>
      <Section className="max-w-3xl">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Categories">
          {[null, ...HELP_CATEGORIES].map((c) => (
            <button
              key={c ?? "all"}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className={cx("rounded-full px-3 py-1 text-sm", category === c ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200")}
            >
              {c ?? "All"}
            </button>
          ))}
        </div>
        <div className="mt-6" data-testid="help-results">
          {results.length ? <FaqList items={results} /> : <p className="text-slate-600 dark:text-slate-400">No answers match. Try other words, or contact us.</p>}
        </div>
        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
          Still stuck?{" "}
          <Link to="/contact" className="text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
            Contact support
          </Link>{" "}
          — we answer within 24-48 hours.
        </p>
      </Section>
    </>
  );
}
