import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation, useNavigate, useParams } from "@remix-run/react";
import { API_REFERENCE_PATH, entryHref, filterEntries, type ReferenceEntry, type ReferenceOperation, type ReferenceTag } from "~/lib/api-reference";
import { SchemaFields, SchemaType, type JsonSchema } from "./json-schema";
import { InlineMarkdown, Markdown } from "./markdown";
import { Badge, cx } from "./ui";

/**
 * The API reference's parts (decision 054): the side navigation with its filter, and a call's card.
 */

const AUTH_LABELS: Record<string, string> = { none: "Public", user: "Token or session", session: "Session only", recent: "Recent sign-in", admin: "Admin" };

export function MethodBadge({ method }: { method: string }) {
  return <Badge tone={method === "GET" ? "brand" : method === "DELETE" ? "danger" : "success"}>{method}</Badge>;
}

const navLink = (current: boolean) =>
  cx(
    "flex min-h-[1.75rem] items-center justify-between gap-2 rounded-lg border px-2.5 py-1 text-sm lg:border-transparent lg:dark:border-transparent",
    current
      ? "border-brand-300 bg-brand-50 font-semibold text-brand-800 dark:border-brand-700 dark:bg-brand-900/50 dark:text-brand-100"
      : "border-slate-200 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white"
  );

/**
 * The filter (every call, by method, path, summary or tag; Enter opens the first match, ↓ moves
 * into the matches; opening one clears it) and, while it is empty, the sections: the overview and
 * one page per tag, the open one with its calls.
 */
export function ApiNavigation({ tags, index }: { tags: ReferenceTag[]; index: ReferenceEntry[] }) {
  const [query, setQuery] = useState("");
  // On a phone the sections fold away behind a button, so the page's own heading comes first.
  const [sectionsOpen, setSectionsOpen] = useState(false);
  const params = useParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const results = useRef<HTMLUListElement>(null);
  const matches = query.trim() ? filterEntries(index, query) : null;
  const current = params.tag ?? null;
  useEffect(() => setSectionsOpen(false), [pathname]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && matches?.[0]) {
      event.preventDefault();
      navigate(entryHref(matches[0]));
      setQuery("");
    } else if (event.key === "ArrowDown" && matches?.length) {
      event.preventDefault();
      results.current?.querySelector("a")?.focus();
    } else if (event.key === "Escape" && query) {
      event.preventDefault();
      setQuery("");
    }
  }

  /** ↑ and ↓ walk the matches; ↑ from the first goes back to the field. */
  function onResultsKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...(results.current?.querySelectorAll("a") ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    event.preventDefault();
    if (event.key === "ArrowUp" && at <= 0) document.getElementById(`${id}-filter`)?.focus();
    else links[Math.min(links.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))]?.focus();
  }

  return (
    <div className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto lg:pb-6 lg:pr-1">
      <div role="search" aria-label="API calls">
        <label htmlFor={`${id}-filter`} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          Filter calls
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-filter`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Path or words, e.g. tags"
            aria-describedby={`${id}-count`}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          {matches ? null : (
            <button
              type="button"
              aria-expanded={sectionsOpen}
              aria-controls={`${id}-sections`}
              onClick={() => setSectionsOpen((open) => !open)}
              className="shrink-0 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 lg:hidden"
            >
              Sections
            </button>
          )}
        </div>
        <p id={`${id}-count`} role="status" className={cx("mt-1 text-xs text-slate-600 dark:text-slate-300", !matches && "sr-only")}>
          {matches ? `${matches.length} of ${index.length} calls match` : `${index.length} calls in ${tags.length} sections`}
        </p>
      </div>
      {matches ? (
        <ul ref={results} onKeyDown={onResultsKeyDown} aria-label="Matching calls" className="mt-3 space-y-1" data-testid="api-filter-results">
          {matches.map((entry) => (
            <li key={entry.id}>
              <Link to={entryHref(entry)} onClick={() => setQuery("")} className="block rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                <span className="flex flex-wrap items-center gap-x-2 font-mono text-xs">
                  <span className="font-semibold text-slate-700 dark:text-slate-200">{entry.method}</span>
                  <span className="break-all text-slate-900 dark:text-slate-100">{entry.path}</span>
                </span>
                <span className="line-clamp-2 text-xs text-slate-600 dark:text-slate-300">{entry.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <nav id={`${id}-sections`} aria-label="API sections" className={cx("mt-4 lg:block", sectionsOpen ? "block" : "hidden")}>
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
            <li>
              <Link to={API_REFERENCE_PATH} aria-current={pathname === API_REFERENCE_PATH ? "page" : undefined} className={navLink(pathname === API_REFERENCE_PATH)}>
                Overview
              </Link>
            </li>
            {tags.map((tag) => (
              <li key={tag.slug}>
                <Link to={`${API_REFERENCE_PATH}/${tag.slug}`} aria-current={current === tag.slug && !hash ? "page" : undefined} className={navLink(current === tag.slug)}>
                  <span className="font-mono">{tag.name}</span>
                  <span className="text-xs font-normal text-slate-600 dark:text-slate-300">{tag.count}</span>
                </Link>
                {current === tag.slug ? (
                  <ul className="hidden border-l border-slate-200 py-1 pl-2 dark:border-slate-700 lg:ml-3 lg:block">
                    {index
                      .filter((entry) => entry.tag === tag.slug)
                      .map((entry) => (
                        <li key={entry.id}>
                          <a
                            href={`#${entry.id}`}
                            aria-current={hash === `#${entry.id}` ? "location" : undefined}
                            className="block rounded px-2 py-0.5 font-mono text-xs text-slate-700 hover:bg-slate-100 aria-[current]:font-semibold aria-[current]:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current]:text-brand-300"
                          >
                            <span className="font-semibold">{entry.method}</span> <span className="break-all">{entry.path.replace(/^\/api/, "")}</span>
                          </a>
                        </li>
                      ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/** One call: method, path and who may call it; what it does; its parameters, body and answers. */
export function OperationCard({ op }: { op: ReferenceOperation }) {
  return (
    <article
      id={op.id}
      aria-labelledby={`${op.id}-title`}
      data-testid="api-operation"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-6"
    >
      <h2 id={`${op.id}-title`} className="flex flex-wrap items-center gap-2 font-mono text-sm font-semibold">
        <MethodBadge method={op.method} />
        <span className="break-all">{op.path}</span>
        <Badge>{AUTH_LABELS[op.auth] ?? op.auth}</Badge>
      </h2>
      <div className="mt-2">
        <Markdown text={op.description} className="text-sm text-slate-700 dark:text-slate-200" />
      </div>
      {op.parameters.length ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Parameters</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in} ${p.name}`}>
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <code className="font-mono font-semibold">{p.name}</code>
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    {p.in}
                    {p.required ? ", required" : ""}
                  </span>
                  <SchemaType schema={p.schema as JsonSchema} />
                </div>
                {typeof p.schema.description === "string" ? <InlineMarkdown text={p.schema.description} className="block text-slate-700 dark:text-slate-200" /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {op.requestBody ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">
            Request body <SchemaType schema={op.requestBody as JsonSchema} />
          </h3>
          <SchemaFields schema={op.requestBody as JsonSchema} />
        </div>
      ) : null}
      <div className="mt-4">
        <h3 className="text-sm font-semibold">Answers</h3>
        <ul className="mt-1 space-y-2 text-sm">
          {op.responses.map((answer) => (
            <li key={answer.status}>
              <div className="flex flex-wrap items-baseline gap-x-2">
                <Badge tone={answer.status.startsWith("2") ? "success" : answer.status.startsWith("4") ? "warning" : "neutral"}>{answer.status}</Badge>
                {answer.schema ? <SchemaType schema={answer.schema as JsonSchema} /> : null}
                {answer.media
                  .filter((media) => !(answer.schema && media === "application/json"))
                  .map((media) => (
                    <code key={media} className="font-mono text-xs">
                      {media}
                    </code>
                  ))}
                <InlineMarkdown text={answer.description} className="text-slate-600 dark:text-slate-300" />
              </div>
              {answer.schema && !answer.schema.$ref ? <SchemaFields schema={answer.schema as JsonSchema} /> : null}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** A named schema's card, the target of `#schema-<Name>` links. */
export function SchemaCard({ name, schema }: { name: string; schema: JsonSchema }) {
  return (
    <div id={`schema-${name}`} className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-6">
      <h3 className="font-mono text-sm font-semibold">
        {name} <SchemaType schema={schema} link={false} />
      </h3>
      {schema.description ? <Markdown text={schema.description} className="mt-1 text-sm text-slate-700 dark:text-slate-200" /> : null}
      <SchemaFields schema={schema} />
    </div>
  );
}
