import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { PAGE_TOO_COMPLEX, PageError, type ParsedPage } from "./page-parser.server";
import { serverModuleUrl } from "../platform/ts-thread.server";

/**
 * PDFs are read in a child process of their own, never on a thread of the web server or the
 * worker (decision 045). pdf.js keeps what it inflates in ArrayBuffers, which a thread's heap cap
 * (resourceLimits) does not count: a 1 MB PDF bomb took 1.4 GB from the process that read it.
 * A process can be weighed and killed whole: its JavaScript heap is capped (--max-old-space-size),
 * a watchdog reads its resident memory from /proc while it reads, and past PDF_MAX_RSS_MB it is
 * killed and the PDF refused with a reason. Its CPU time has the page parse's budget.
 *
 * One child reads one PDF at a time; up to `processes` children per process, PDFs past that wait.
 * A child is kept for the next PDF while it stays small, and stopped after IDLE_MS without one.
 */
export interface PdfReaderOptions {
  /** Children at most, each reading one PDF at a time. */
  processes: number;
  /** CPU time one PDF may take once its child is ready (its start and loading pdf.js not counted). */
  budgetMs: number;
  /** Resident memory of a child past which it is killed and the PDF refused. */
  maxRssMb: number;
}

/** What a user reads for a PDF that needs more memory than a child is given. */
export const PDF_TOO_LARGE = "The PDF needs more memory than we allow to read it (it may be a decompression bomb)";
/** A child's JavaScript heap; the rest of PDF_MAX_RSS_MB is for pdf.js's buffers. */
const HEAP_SHARE = 0.5;
/** Starting node and tsx and loading pdf.js: seconds on a busy machine, not counted in a PDF's budget. */
const START_TIMEOUT_MS = 30_000;
/** How often the watchdog weighs a child that is reading. */
const WATCH_MS = 50;
/** A child idle this long is stopped: a process costs its memory whether or not it reads. */
const IDLE_MS = 15_000;
/** A child whose memory went past this share of PDF_MAX_RSS_MB is stopped after its PDF, not kept. */
const KEEP_BELOW = 0.8;
/** A PDF under its CPU budget still stops at this many times the budget in wall time. */
const WALL_CAP_FACTOR = 3;
const TICKS_PER_SECOND = 100;
const PAGE_SIZE_KB = 4;

export type PdfRequest = { data: Uint8Array; url: string };
export type PdfAnswer = { ready: true } | { page: ParsedPage } | { pageError: string } | { error: string };

/** A process's resident memory in MB, and its CPU time in ms; undefined once it is gone (or off Linux). */
function processRssMb(pid: number): number | undefined {
  try {
    return (Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * PAGE_SIZE_KB) / 1024;
  } catch {
    return undefined;
  }
}

function processCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function childEntry(): string {
  return serverModuleUrl({ callerUrl: import.meta.url, folder: "fetching", file: "pdf-child.server.ts", what: "The PDF reader" });
}

/**
 * pdf.js is loaded before tsx is registered: through tsx's hooks its two large modules cost the
 * child 150 MB more (296 MB against 148 measured), most of what a PDF may use. The entry's own
 * import of them then finds them loaded. A bundled entry (build/pdf-child.server.js, decision 062)
 * needs no tsx at all.
 */
const BOOTSTRAP = `
const [pdf, pdfWorker, tsx, entry] = process.argv.slice(1);
await Promise.all([import(pdf), import(pdfWorker)]);
if (!entry.endsWith(".js")) (await import(tsx)).register();
await import(entry);
`;

interface Task {
  request: PdfRequest;
  onStart?: () => void;
  resolve(page: ParsedPage): void;
  reject(error: Error): void;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  task: Task | null;
  idleTimer?: NodeJS.Timeout;
  /** Why it was killed, for the task it was reading. */
  killedFor?: Error;
  /** The most memory seen while it read, in MB. */
  peakRssMb: number;
}

export class PdfReader {
  private readonly children = new Set<Child>();
  private readonly waiting: Task[] = [];
  private closed = false;
  /** Children started so far. */
  started = 0;
  /** The most memory any child reached, in MB (for tests and logs). */
  peakRssMb = 0;

  constructor(private readonly options: PdfReaderOptions) {}

  read(request: PdfRequest, { onStart }: { onStart?: () => void } = {}): Promise<ParsedPage> {
    if (this.closed) return Promise.reject(new Error("The PDF reader was closed"));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, onStart, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    for (;;) {
      const task = this.waiting[0];
      if (!task) return;
      let child = [...this.children].find((candidate) => !candidate.task);
      if (!child && this.children.size < this.options.processes) child = this.start();
      if (!child) return;
      this.waiting.shift();
      void this.run(child, task);
    }
  }

  private start(): Child {
    this.started++;
    const heapMb = Math.max(64, Math.round(this.options.maxRssMb * HEAP_SHARE));
    const args = [import.meta.resolve("pdfjs-dist/legacy/build/pdf.mjs"), import.meta.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"), import.meta.resolve("tsx/esm/api"), childEntry()];
    const process_ = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "--input-type=module", "-e", BOOTSTRAP, ...args], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    process_.stderr?.resume();
    const child: Child = { process: process_, task: null, peakRssMb: 0, ready: Promise.resolve() };
    child.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The PDF reader did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      process_.once("message", (answer: PdfAnswer) => {
        clearTimeout(timer);
        if ("ready" in answer) resolve();
        else reject(new Error("The PDF reader did not start"));
      });
      process_.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The PDF reader stopped as it started (${signal ?? `exit code ${code}`})`));
      });
    });
    child.ready.catch(() => undefined);
    process_.on("exit", () => this.children.delete(child));
    process_.on("error", () => undefined);
    this.children.add(child);
    return child;
  }

  private async run(child: Child, task: Task) {
    child.task = task;
    clearTimeout(child.idleTimer);
    this.hold(child, true);
    try {
      await child.ready;
    } catch (error) {
      this.stop(child);
      return this.finish(child, () => task.reject(error as Error));
    }
    task.onStart?.();
    const pid = child.process.pid!;
    const fromCpu = processCpuMs(pid);
    const fromWall = performance.now();
    const answered = new Promise<PdfAnswer>((resolve) => {
      child.process.once("message", resolve);
      child.process.once("exit", (code, signal) => resolve({ error: `The PDF reader stopped (${signal ?? `exit code ${code}`})` }));
    });
    const watchdog = setInterval(() => {
      const rss = processRssMb(pid);
      if (rss !== undefined) child.peakRssMb = Math.max(child.peakRssMb, rss);
      this.peakRssMb = Math.max(this.peakRssMb, child.peakRssMb);
      if (rss !== undefined && rss > this.options.maxRssMb) return this.kill(child, new PageError(PDF_TOO_LARGE), { rssMb: Math.round(rss) });
      const cpu = processCpuMs(pid);
      const cpuSpent = cpu !== undefined && fromCpu !== undefined ? cpu - fromCpu : performance.now() - fromWall;
      if (cpuSpent > this.options.budgetMs || performance.now() - fromWall > this.options.budgetMs * WALL_CAP_FACTOR) {
        this.kill(child, new PageError(PAGE_TOO_COMPLEX), { cpuMs: Math.round(cpuSpent) });
      }
    }, WATCH_MS);
    child.process.send(task.request);
    const answer = await answered;
    clearInterval(watchdog);
    this.finish(child, () => {
      if (child.killedFor) task.reject(child.killedFor);
      else if ("page" in answer) task.resolve(answer.page);
      else if ("pageError" in answer) task.reject(new PageError(answer.pageError));
      // Killed by the system or its own heap cap: the PDF's doing, with a reason the user can read.
      else if (child.process.exitCode !== null || child.process.signalCode !== null) task.reject(new PageError(PDF_TOO_LARGE));
      else task.reject(new Error("error" in answer ? answer.error : "The PDF reader failed"));
    });
  }

  private finish(child: Child, settle: () => void) {
    child.task = null;
    settle();
    const alive = child.process.exitCode === null && child.process.signalCode === null && !child.killedFor;
    // A child that came near its allowance is not kept: its heap would stay that large.
    if (alive && (this.closed || child.peakRssMb > this.options.maxRssMb * KEEP_BELOW)) this.stop(child);
    else if (alive) {
      this.hold(child, false);
      child.idleTimer = setTimeout(() => this.stop(child), IDLE_MS);
      child.idleTimer.unref();
    }
    child.peakRssMb = 0;
    this.pump();
  }

  /** A child reading keeps this process alive; an idle one does not. */
  private hold(child: Child, busy: boolean) {
    const channel = child.process.channel as { ref?: () => void; unref?: () => void } | undefined;
    if (busy) {
      child.process.ref();
      channel?.ref?.();
    } else {
      child.process.unref();
      channel?.unref?.();
    }
  }

  private kill(child: Child, reason: Error, detail: Record<string, number>) {
    if (child.killedFor) return;
    child.killedFor = reason;
    log.warn(`PDF reader stopped: ${reason.message}`, { url: child.task?.request.url, ...detail });
    this.children.delete(child);
    child.process.kill("SIGKILL");
  }

  private stop(child: Child) {
    clearTimeout(child.idleTimer);
    this.children.delete(child);
    child.process.kill("SIGKILL");
  }

  /** Stops every child; PDFs being read or waiting are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error("The PDF reader was closed"));
    const exits = [...this.children].map((child) => {
      const exited = child.process.exitCode !== null || child.process.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.process.once("exit", resolve));
      child.killedFor ??= new Error("The PDF reader was closed");
      this.stop(child);
      return exited;
    });
    await Promise.all(exits);
  }
}

let shared: PdfReader | undefined;

/** This process's PDF reader: PARSE_THREADS children at most, PARSE_TIMEOUT_MS of CPU and PDF_MAX_RSS_MB each. */
export function readPdf(request: PdfRequest, options: { onStart?: () => void } = {}): Promise<ParsedPage> {
  const config = env();
  shared ??= new PdfReader({ processes: config.PARSE_THREADS, budgetMs: config.PARSE_TIMEOUT_MS, maxRssMb: config.PDF_MAX_RSS_MB });
  return shared.read(request, options);
}

export async function closePdfReader(): Promise<void> {
  const reader = shared;
  shared = undefined;
  await reader?.close();
}
