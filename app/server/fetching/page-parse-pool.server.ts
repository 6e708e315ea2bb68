import { readFileSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { env } from "../platform/env.server";
import type { WorkLane } from "./host-limits.server";
import { log } from "../platform/logger.server";
import { PAGE_TOO_COMPLEX, PageError, type ParsedPage } from "./page-parser.server";
import type { Reading } from "./charset.server";
import { BINARY_DOCUMENT_TYPES, type FetchedPage } from "./fetcher.server";
import { closePdfReader, readPdf } from "./pdf-process.server";
import { serverModuleUrl, startTsThread } from "../platform/ts-thread.server";

/**
 * Pages are parsed in worker threads, never on a process's event loop: a hostile page can
 * then cost one thread its time budget, while the web server keeps answering and the worker
 * keeps beating. A parse over its budget has its thread terminated (the only way to stop
 * synchronous code) and replaced; the page is refused as too complex to read.
 *
 * The budget is the thread's CPU time where the system tells it (Linux): on a busy machine a
 * thread waits for a core, and an ordinary page must not be refused for that. A parse still ends
 * at WALL_CAP_FACTOR times the budget in wall time, whatever its CPU.
 */
export interface ParseRequest {
  body: string;
  /** The page's bytes and how to read them, decoded in the thread (FetchedPage.encoded); then `body` is empty. */
  encoded?: { bytes: Uint8Array; reading: Reading };
  url: string;
  contentType: string;
}

/** What a thread posts back: once `ready`, then one answer per request. */
export type ThreadAnswer = { ready: true; tid?: number } | { page: ParsedPage } | { pageError: string } | { error: string };

export interface ParsePoolOptions {
  /** Threads at most; each parses one page at a time, more pages wait their turn. */
  threads: number;
  /** CPU time one parse may take once a thread has it (wall time where CPU time is unknown), waiting not counted. */
  budgetMs: number;
  /** A thread's CPU time so far in ms, or undefined when unknown (by default from /proc); tests give their own. */
  threadCpuMs?: (tid: number) => number | undefined;
  /** Wall time one parse may take whatever its CPU time; WALL_CAP_FACTOR times the budget unless given. */
  wallCapMs?: number;
}

/** A thread's heap: a 5 MB page of real HTML needs about 100 MB; more is refused as too complex. */
const THREAD_HEAP_MB = 512;
/** A thread starts in about a second; one that never does must not leave pages waiting forever. */
const THREAD_START_TIMEOUT_MS = 30_000;
/** A parse under its CPU budget still stops at this many times the budget in wall time. */
const WALL_CAP_FACTOR = 3;
/** Clock ticks a second in /proc's CPU times (USER_HZ: 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

/** A thread of this process's CPU time (user + system) in ms, from /proc; undefined where there is none. */
export function threadCpuMs(tid: number): number | undefined {
  try {
    // After "tid (name) " come state, ppid, …: utime and stime are the 12th and 13th fields.
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function threadEntry(): string {
  return serverModuleUrl({ callerUrl: import.meta.url, folder: "fetching", file: "page-parse-thread.server.ts", what: "The page parser thread" });
}

/*
 * Interactive pages (a link a person just added, a preview) go to the next free thread before any
 * background page waiting (an import's), so a person's link waits for at most the parses already
 * running, never behind an import's backlog (decision 033).
 */

interface Task {
  request: ParseRequest;
  lane: WorkLane;
  /** Told when a thread takes the page: the time before is waiting for a thread. */
  onStart?: () => void;
  resolve(page: ParsedPage): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer?: NodeJS.Timeout;
  /** The thread's id in the system, for its CPU time (sent with ready; Linux only). */
  tid?: number;
  /** When the page's budget started, in wall time and in the thread's CPU time. */
  budgetFrom?: { wallMs: number; cpuMs: number | undefined };
}

export class ParsePool {
  private readonly threads = new Set<Thread>();
  private readonly waiting: Task[] = [];
  private readonly background: Task[] = [];
  /** Threads started so far, replacements included. */
  threadsStarted = 0;

  constructor(private readonly options: ParsePoolOptions) {}

  parse(request: ParseRequest, { lane = "interactive", onStart }: { lane?: WorkLane; onStart?: () => void } = {}): Promise<ParsedPage> {
    return new Promise((resolve, reject) => {
      (lane === "background" ? this.background : this.waiting).push({ request, lane, resolve, reject, onStart });
      this.pump();
    });
  }

  /** Threads parsing a page of the lane now. */
  private busy(lane: WorkLane): number {
    return [...this.threads].filter((thread) => thread.task?.lane === lane).length;
  }

  /**
   * Pages that may take a thread now: each lane uses at most `threads` threads, so the pool holds
   * one thread more than that while both lanes are busy. An import keeps every thread it had, and a
   * link added by hand meanwhile still finds one: it never waits for an imported page's parse.
   */
  private get runnable(): number {
    const room = (lane: WorkLane, queue: Task[]) => Math.min(queue.length, Math.max(0, this.options.threads - this.busy(lane)));
    return room("interactive", this.waiting) + room("background", this.background);
  }

  private next(): Task | undefined {
    if (this.waiting.length && this.busy("interactive") < this.options.threads) return this.waiting.shift();
    if (this.background.length && this.busy("background") < this.options.threads) return this.background.shift();
    return undefined;
  }

  private rejectWaiting(error: Error) {
    for (const task of [...this.waiting.splice(0), ...this.background.splice(0)]) task.reject(error);
  }

  /** Starts a thread now when there is none, so the first page does not wait for a start. */
  warm() {
    if (this.threads.size === 0) this.start();
  }

  /** Stops every thread; pages in progress or waiting are rejected. */
  async close(): Promise<void> {
    const closed = new Error("The page parser was closed");
    this.rejectWaiting(closed);
    const stopping = [...this.threads].map((thread) => {
      this.forget(thread);
      thread.task?.reject(closed);
      return thread.worker.terminate();
    });
    await Promise.allSettled(stopping);
  }

  /** Hands waiting pages to idle threads, and starts threads for the rest (up to the limit, plus one while both lanes are busy). */
  private pump() {
    for (const thread of this.threads) {
      if (!(thread.ready && !thread.task)) continue;
      const task = this.next();
      if (!task) break;
      this.dispatch(thread, task);
    }
    let starting = [...this.threads].filter((thread) => !thread.ready).length;
    // While the background lane is at work, an idle thread is kept started (a thread takes about a
    // second to start, more on a busy machine): a page added by hand then never waits for a start.
    let spare = [...this.threads].filter((thread) => !thread.task).length;
    while ((this.runnable > starting || (spare === 0 && this.busy("background") > 0)) && this.threads.size < this.options.threads + 1) {
      this.start();
      starting++;
      spare++;
    }
  }

  private start() {
    let worker: Worker;
    try {
      worker = startTsThread(threadEntry(), THREAD_HEAP_MB);
    } catch (error) {
      this.rejectWaiting(error as Error);
      return;
    }
    this.threadsStarted++;
    const thread: Thread = { worker, ready: false, task: null };
    this.threads.add(thread);
    thread.timer = setTimeout(() => {
      void worker.terminate();
      this.lost(thread, new Error(`The page parser thread did not start within ${THREAD_START_TIMEOUT_MS / 1000} s`));
    }, THREAD_START_TIMEOUT_MS);
    worker.on("message", (answer: ThreadAnswer) => this.answered(thread, answer));
    worker.on("error", (error) => this.lost(thread, error));
    worker.on("exit", (code) => this.lost(thread, new Error(`The page parser thread stopped (exit code ${code})`)));
  }

  private dispatch(thread: Thread, task: Task) {
    thread.task = task;
    task.onStart?.();
    // A busy thread keeps the process alive; an idle one does not.
    thread.worker.ref();
    this.startBudget(thread);
    thread.worker.postMessage(task.request);
  }

  private answered(thread: Thread, answer: ThreadAnswer) {
    if (!this.threads.has(thread)) return;
    clearTimeout(thread.timer);
    thread.worker.unref();
    const task = thread.task;
    thread.task = null;
    if ("ready" in answer) {
      thread.ready = true;
      thread.tid = answer.tid;
    }
    else if ("page" in answer) task?.resolve(answer.page);
    else if ("pageError" in answer) task?.reject(new PageError(answer.pageError));
    else task?.reject(new Error(answer.error));
    this.pump();
  }

  private cpuMs(thread: Thread): number | undefined {
    return thread.tid === undefined ? undefined : (this.options.threadCpuMs ?? threadCpuMs)(thread.tid);
  }

  private startBudget(thread: Thread) {
    thread.budgetFrom = { wallMs: performance.now(), cpuMs: this.cpuMs(thread) };
    thread.timer = setTimeout(() => this.overBudget(thread), this.options.budgetMs);
  }

  /** The parse has used its budget of CPU time, or its wall-time cap; else the timer is set again for what is left. */
  private spentBudget(thread: Thread): boolean {
    const from = thread.budgetFrom;
    const cpu = this.cpuMs(thread);
    if (!from || from.cpuMs === undefined || cpu === undefined) return true;
    const budget = this.options.budgetMs;
    const wall = performance.now() - from.wallMs;
    const left = Math.min(budget - (cpu - from.cpuMs), (this.options.wallCapMs ?? budget * WALL_CAP_FACTOR) - wall);
    if (left <= 0) return true;
    thread.timer = setTimeout(() => this.overBudget(thread), Math.max(left, 50));
    return false;
  }

  private overBudget(thread: Thread) {
    if (!this.threads.has(thread)) return;
    if (!this.spentBudget(thread)) return;
    this.forget(thread);
    void thread.worker.terminate();
    log.warn("page parse stopped: over its time budget", { url: thread.task?.request.url, budgetMs: this.options.budgetMs });
    thread.task?.reject(new PageError(PAGE_TOO_COMPLEX));
    this.pump();
  }

  /** The thread died: out of memory while parsing, or it could not start at all. */
  private lost(thread: Thread, error: Error) {
    if (!this.threads.has(thread)) return;
    this.forget(thread);
    if (thread.task) {
      const outOfMemory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
      if (outOfMemory) log.warn("page parse stopped: out of memory", { url: thread.task.request.url });
      thread.task.reject(outOfMemory ? new PageError(PAGE_TOO_COMPLEX) : error);
    } else if (!thread.ready) {
      // A thread that cannot start would fail again at once: give the waiting pages the reason.
      log.error("page parser thread could not start", { error });
      this.rejectWaiting(error);
    }
    this.pump();
  }

  private forget(thread: Thread) {
    clearTimeout(thread.timer);
    this.threads.delete(thread);
  }
}

let shared: ParsePool | undefined;

function sharedPool(): ParsePool {
  shared ??= new ParsePool({ threads: env().PARSE_THREADS, budgetMs: env().PARSE_TIMEOUT_MS });
  return shared;
}

/**
 * A worker starts one parser thread as it starts: a thread takes a second or more to start, and
 * the first link added by hand (or the first after an import begins) should not wait for it.
 */
export function warmParsePool(): void {
  sharedPool().warm();
}

/**
 * Parses a fetched page on this process's parser threads (PARSE_THREADS, PARSE_TIMEOUT_MS each). A page that still has its bytes (`encoded`) is sent
 * as bytes and decoded there: its text is never built on this thread (FetchedPage.encoded).
 * A PDF goes to a reader process of its own instead (pdf-process.server.ts, decision 045).
 */
export function parsePageOffThread(
  page: Pick<FetchedPage, "body" | "encoded" | "url" | "contentType" | "data">,
  options: { lane?: WorkLane; onStart?: () => void } = {},
): Promise<ParsedPage> {
  const { url, contentType, data, encoded } = page;
  if (data && BINARY_DOCUMENT_TYPES.includes(contentType)) return readPdf({ data, url }, { onStart: options.onStart });
  const request: ParseRequest = encoded ? { body: "", encoded, url, contentType } : { body: page.body, url, contentType };
  return sharedPool().parse(request, options);
}

export async function closeParsePool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await Promise.all([pool?.close(), closePdfReader()]);
}
