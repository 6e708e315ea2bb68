/**
 * `npm run lighthouse [-- --url http://127.0.0.1:3000] [--min 95] [--pages /,/dashboard]
 * [--library 10000] [--save DIR]`: Lighthouse's four categories for the public pages, the API documentation
 * and the dashboard, on mobile and desktop, against an app that is already running (`npm
 * start`). Signs up a throwaway account for /dashboard; with --library N that account is made in
 * the app's database (DATABASE_URL, the one the running app uses) with N links loaded in SQL, as
 * `npm run screenshots` makes its library. The share page is the first trending link. Prints a
 * table with the machine's load average beside each run (the scores move with it), then what cost
 * points on each page (the scored audits below 90, and Lighthouse's own error when a run failed);
 * with --min, exits 1 when a score is below it.
 *
 * `--cpu N` measures instead what the load does not move much (decision 072): N loads of each page
 * at 390 × 844 in Chromium, unthrottled, each traced from navigation to 3 s after `load`; per run,
 * the CPU time of the page's main thread and an estimate of Lighthouse's blocking time at its 4×
 * slowdown from that CPU time (each task after the first contentful paint: 4 × its CPU − 50 ms).
 * Lighthouse's own blocking time uses wall time, which a busy machine stretches.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { chromium } from "playwright-core";
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
const saveDir = option("save");
const cpuRuns = Number(option("cpu") ?? 0);
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

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** `--cpu N`: the main thread's CPU over N traced loads of each page (see the top of this file). */
async function measureCpu(pages: string[], cookie: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  console.log("| page | run | main-thread CPU (ms) | of it after the first paint | estimated blocking time at 4× (ms) | tasks over 50 ms at 4× | load (1 min) |\n|---|---|---|---|---|---|---|");
  try {
    for (const path of pages) {
      for (let run = 1; run <= cpuRuns; run++) {
        // A new context each time: nothing cached, as Lighthouse loads.
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: path === "/dashboard" ? { Cookie: cookie } : {} });
        const page = await context.newPage();
        await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "blink.user_timing"] });
        await page.goto(`${base}${path}`, { waitUntil: "load" });
        // What the page does once loaded (hydration, answers, idle work) belongs to the measure.
        await page.waitForTimeout(3_000);
        const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
        await context.close();
        const navigation = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith(base));
        if (!navigation) throw new Error(`no navigation in the trace of ${path}`);
        const mainThread = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ts >= navigation.ts);
        const paint = mainThread.find((e) => e.name === "firstContentfulPaint")?.ts ?? navigation.ts;
        // Top-level tasks only (a task can run inside another's nested loop).
        const tasks: TraceEvent[] = [];
        for (const task of mainThread.filter((e) => e.name === "RunTask" && e.ph === "X").sort((a, b) => a.ts - b.ts)) {
          const last = tasks[tasks.length - 1];
          if (!last || task.ts >= last.ts + (last.dur ?? 0)) tasks.push(task);
        }
        const cpu = (list: TraceEvent[]) => list.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
        const after = tasks.filter((task) => task.ts + (task.dur ?? 0) > paint);
        const slowed = after.map((task) => (4 * (task.tdur ?? 0)) / 1000);
        const blocking = slowed.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
        const long = slowed.filter((ms) => ms > 50).sort((a, b) => b - a).map((ms) => Math.round(ms));
        console.log(`| ${path} | ${run} | ${Math.round(cpu(tasks))} | ${Math.round(cpu(after))} | ${Math.round(blocking)} | ${long.join(", ") || "none"} | ${loadavg()[0]!.toFixed(1)} |`);
      }
    }
  } finally {
    await browser.close();
  }
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
  if (cpuRuns > 0) return measureCpu(pages, cookie);
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
        // --save DIR keeps each report (Lighthouse's JSON: the LCP element and its phases, every trace-based audit).
        if (saveDir && result) writeFileSync(`${saveDir}/${name.replace(/\W+/g, "_") || "home"}-${form}.json`, JSON.stringify(result.lhr));
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
