/**
 * `npm run lighthouse [-- --url http://127.0.0.1:3000] [--min 95] [--pages /,/dashboard]
 * [--library 10000]`: Lighthouse's four categories for the public pages, the API documentation
 * and the dashboard, on mobile and desktop, against an app that is already running (`npm
 * start`). Signs up a throwaway account for /dashboard; with --library N that account is made in
 * the app's database (DATABASE_URL, the one the running app uses) with N links loaded in SQL, as
 * `npm run screenshots` makes its library. The share page is the first trending link. Prints a
 * table with the machine's load average beside each run (the scores move with it), then what cost
 * points on each page (the scored audits below 90, and Lighthouse's own error when a run failed);
 * with --min, exits 1 when a score is below it.
 */
import { loadavg } from "node:os";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { createDb } from "../app/server/platform/db.server";
import { seedShowcaseLibrary } from "./lib/showcase-library";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const base = (option("url") ?? process.env.LIGHTHOUSE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const minimum = option("min") ? Number(option("min")) : null;
const onlyPages = option("pages")?.split(",").map((page) => page.trim());
const libraryLinks = Number(option("library") ?? 0);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, { ...init, headers: { "Content-Type": "application/json", ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A signed-in cookie for /dashboard: a new account (with a library of `libraryLinks`, made in the database), signed in through the login form. */
async function sessionCookie(): Promise<string> {
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = "lighthouse-password";
  if (libraryLinks > 0) {
    if (!process.env.DATABASE_URL) throw new Error("--library needs DATABASE_URL: the running app's database");
    const db = createDb(process.env.DATABASE_URL, 2);
    try {
      await seedShowcaseLibrary(db, { email, password, links: libraryLinks });
    } finally {
      await db.destroy();
    }
  } else {
    await json("/api/auth/register", { method: "POST", body: JSON.stringify({ email, password }) });
  }
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`signing in did not give a session (HTTP ${response.status})`);
  return cookie.split(";")[0]!;
}

async function shareId(): Promise<string | null> {
  const trending = await json<{ results: Array<{ id: string }> }>("/api/trending?page=1&pageSize=1").catch(() => ({ results: [] }));
  return trending.results[0]?.id ?? null;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function detailItems(audit: Report["audits"][string] | undefined): Array<Record<string, unknown>> {
  return audit?.details && "items" in audit.details ? (audit.details.items as Array<Record<string, unknown>>) : [];
}

/** The scored audits of the four categories that came out below 0.9, with their measured values. */
function lostPoints(lhr: Report): string[] {
  if (lhr.runtimeError) return [`Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`];
  const lost = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!(ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)) continue;
      // Chrome's Issues panel audit names only a count; its items say which issue it was.
      const issues = detailItems(audit).map((item) => item.issueType).filter((type): type is string => typeof type === "string");
      // A layout shift score names no element; the layout-shifts audit says which moved.
      const shifts = ref.id === "cumulative-layout-shift" ? detailItems(lhr.audits["layout-shifts"]).map((item) => (item.node as { snippet?: string } | undefined)?.snippet).filter(Boolean) : [];
      // Blocking time names no script; the boot-up audit says which scripts ran longest.
      const scripts =
        ref.id === "total-blocking-time"
          ? detailItems(lhr.audits["bootup-time"])
              .slice(0, 3)
              .map((item) => `${String(item.url).replace(/^.*\//, "") || String(item.url)} ${Math.round(Number(item.scripting ?? 0))} ms of script`)
          : [];
      const value = [audit.displayValue, ...issues, ...shifts.slice(0, 3), ...scripts].filter(Boolean).join(", ");
      lost.add(`${category}: ${audit.title}${value ? ` (${value})` : ""}`);
    }
  }
  return [...lost];
}

async function main() {
  await json("/api/status").catch(() => {
    throw new Error(`No app answers at ${base}: start it first (npm start), or pass --url.`);
  });
  const everyPage = ["/", "/pricing", "/trending", "/share/{id}", "/documentation/api", "/dashboard"];
  const wanted = everyPage.filter((page) => !onlyPages || onlyPages.includes(page));
  const cookie = wanted.includes("/dashboard") ? await sessionCookie() : "";
  const share = wanted.includes("/share/{id}") ? await shareId() : null;
  const pages = wanted.flatMap((page) => (page !== "/share/{id}" ? [page] : share ? [`/share/${share}`] : []));
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const rows: string[][] = [];
  const findings: string[] = [];
  let failed = false;
  try {
    for (const path of pages) {
      for (const form of ["mobile", "desktop"] as const) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(path === "/dashboard" ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const result = await lighthouse(`${base}${path}`, flags, form === "desktop" ? desktopConfig : undefined);
        const load = loadavg()[0]!.toFixed(1);
        const scores = CATEGORIES.map((category) => Math.round((result?.lhr.categories[category]?.score ?? 0) * 100));
        if (minimum !== null && scores.some((score) => score < minimum)) failed = true;
        const name = path.startsWith("/share/") ? "/share/{id}" : path;
        const blocking = result?.lhr.audits["total-blocking-time"]?.displayValue ?? "—";
        rows.push([name, form, ...scores.map(String), blocking, load]);
        const lost = result ? lostPoints(result.lhr) : ["no result"];
        if (lost.length > 0) findings.push(`- ${name} (${form}): ${lost.join("; ")}`);
        process.stderr.write(".");
      }
    }
  } finally {
    chrome.kill();
  }
  process.stderr.write("\n");
  const header = ["page", "form", "performance", "accessibility", "best practices", "SEO", "total blocking time", "load (1 min)"];
  console.log(`| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  if (findings.length > 0) console.log(`\nWhere points were lost:\n${findings.join("\n")}`);
  if (failed) {
    console.error(`Some scores are below ${minimum}.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
