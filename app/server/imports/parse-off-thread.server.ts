import type { Worker } from "node:worker_threads";
import { threadCpuMs } from "../fetching/page-parse-pool.server";
import { log } from "../platform/logger.server";
import { DEFAULT_IMPORT_LIMITS, ImportFileError, ImportLimitError, type ImportLimits, type ParseEvent } from "./parse.server";
import { serverModuleUrl, startTsThread } from "../platform/ts-thread.server";

/**
 * An uploaded file is read on a thread of its own, never on the web server's event loop (decision
 * 044): a hostile file then costs that thread its memory and time budget while every other request
 * is answered. The thread pulls the upload a chunk at a time (it asks, this side reads the body and
 * sends the chunk) and sends back what it read in batches; it asks for the next chunk only once the
 * batches before it are taken here, so a slow database slows the upload, never fills memory.
 *
 * The budget is the thread's CPU time where the system tells it (Linux), waiting for the client's
 * bytes or for the database not counted; a parse still stops at WALL_CAP_FACTOR times the budget in
 * wall time spent reading. A thread over its heap or its budget is terminated and the upload
 * refused with a 400 saying which limit it met; one that read its file to the end (or refused it)
 * waits for the next upload, so most uploads skip a thread's start.
 */

export type ToThread = { start: ImportLimits } | { chunk: Uint8Array } | { end: true };
export type FromThread =
  | { ready: true; tid?: number }
  | { need: true }
  | { events: ParseEvent[] }
  | { done: true }
  | { fileError: { line: number; reason: string; limit: boolean } }
  | { error: string };

export interface OffThreadOptions {
  limits?: Partial<ImportLimits>;
  /** CPU time the parse may take (wall time where unknown), the thread's start not counted. */
  budgetMs?: number;
}

/** Uploads read at once in this process; more wait for a thread (their bodies unread meanwhile). */
const MAX_THREADS = 2;
/** Enough for any file within the limits: entries stream through, one bookmark at most 5 MB. */
const THREAD_HEAP_MB = 256;
/** A 50 MB bookmark file reads in about 10 s of one core; a file that needs far more is refused. */
export const IMPORT_PARSE_BUDGET_MS = 60_000;
const WALL_CAP_FACTOR = 3;
const THREAD_START_TIMEOUT_MS = 30_000;
const CHECK_EVERY_MS = 250;

function threadEntry(): string {
  return serverModuleUrl({ callerUrl: import.meta.url, folder: "imports", file: "parse-thread.server.ts", what: "The import parser thread" });
}

/** A thread that read a file to its end waits this long for the next upload, so most skip the start (a second or more). */
const IDLE_MS = 5 * 60_000;

interface ImportThread {
  worker: Worker;
  /** The thread's id in the system, for its CPU time (sent with ready; Linux only). */
  tid?: number;
  /** Where the thread's messages go: the upload it reads now. */
  deliver: ((message: Inbox) => void) | null;
  idleTimer?: NodeJS.Timeout;
}

type Inbox = FromThread | { lost: Error };

const idle: ImportThread[] = [];
let alive = 0;
const waiting: Array<() => void> = [];

function startThread(): ImportThread {
  const worker = startTsThread(threadEntry(), THREAD_HEAP_MB);
  alive++;
  const thread: ImportThread = { worker, deliver: null };
  let gone = false;
  const lost = (error: Error) => {
    if (gone) return;
    gone = true;
    alive--;
    clearTimeout(thread.idleTimer);
    const at = idle.indexOf(thread);
    if (at !== -1) idle.splice(at, 1);
    thread.deliver?.({ lost: error });
    waiting.shift()?.();
  };
  worker.on("message", (message: FromThread) => {
    if ("ready" in message) thread.tid = message.tid;
    thread.deliver?.(message);
  });
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`The import parser thread stopped (exit code ${code})`)));
  return thread;
}

/** An idle thread, a new one while fewer than MAX_THREADS run, else the next one freed. */
async function takeThread(): Promise<ImportThread> {
  for (;;) {
    const thread = idle.pop();
    if (thread) {
      clearTimeout(thread.idleTimer);
      return thread;
    }
    if (alive < MAX_THREADS) return startThread();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function giveBack(thread: ImportThread) {
  thread.deliver = null;
  // An idle thread does not keep the process alive.
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => void thread.worker.terminate(), IDLE_MS);
  thread.idleTimer.unref();
  idle.push(thread);
  waiting.shift()?.();
}

/** Reads an upload as parseImport does, on a thread: the same events, the same errors. */
export async function* parseImportOffThread(source: AsyncIterable<Uint8Array>, { limits, budgetMs = IMPORT_PARSE_BUDGET_MS }: OffThreadOptions = {}): AsyncGenerator<ParseEvent> {
  const input = source[Symbol.asyncIterator]();
  let inputDone = false;
  const inbox: Inbox[] = [];
  let wake: (() => void) | null = null;
  const deliver = (message: Inbox) => {
    inbox.push(message);
    wake?.();
    wake = null;
  };
  let thread: ImportThread | undefined;
  // The thread answered the whole file (read, or refused): it may read the next one.
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    thread = await takeThread();
    const { worker } = thread;
    thread.deliver = deliver;
    worker.ref();
    worker.postMessage({ start: { ...DEFAULT_IMPORT_LIMITS, ...limits } } satisfies ToThread);

    // The budget: CPU time (or wall time) while the thread has a chunk to read.
    let cpuFrom: number | undefined;
    let begun = false;
    let busyMs = 0;
    let busySince: number | null = null;
    const startedAt = performance.now();
    const current = thread;
    const check = () => {
      if (!begun) {
        if (performance.now() - startedAt > THREAD_START_TIMEOUT_MS) {
          void worker.terminate();
          deliver({ lost: new Error(`The import parser thread did not start within ${THREAD_START_TIMEOUT_MS / 1000} s`) });
        }
        return;
      }
      const busy = busyMs + (busySince === null ? 0 : performance.now() - busySince);
      const cpuNow = current.tid === undefined ? undefined : threadCpuMs(current.tid);
      const cpu = cpuFrom === undefined || cpuNow === undefined ? undefined : cpuNow - cpuFrom;
      if ((cpu ?? busy) > budgetMs || busy > budgetMs * WALL_CAP_FACTOR) {
        void worker.terminate();
        deliver({ lost: new ImportLimitError(0, `reading the file took more than ${Math.round(budgetMs / 1000)} s of processing`) });
      }
    };
    timer = setInterval(check, CHECK_EVERY_MS);
    timer.unref();

    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift()!;
      if ("lost" in message) {
        const outOfMemory = (message.lost as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
        if (outOfMemory) throw new ImportLimitError(0, `reading the file needs more than ${THREAD_HEAP_MB} MB of memory`);
        throw message.lost;
      }
      if ("events" in message) {
        yield* message.events;
      } else if ("need" in message) {
        if (!begun) {
          begun = true;
          cpuFrom = current.tid === undefined ? undefined : threadCpuMs(current.tid);
        }
        if (busySince !== null) busyMs += performance.now() - busySince;
        busySince = null;
        const next = await input.next();
        inputDone = next.done === true;
        busySince = performance.now();
        if (next.done) {
          worker.postMessage({ end: true } satisfies ToThread);
        } else {
          // A copy of its own, moved to the thread: the body's chunk may share a buffer with others.
          const chunk = next.value.slice();
          worker.postMessage({ chunk } satisfies ToThread, [chunk.buffer]);
        }
      } else if ("done" in message) {
        finished = true;
        return;
      } else if ("fileError" in message) {
        finished = true;
        const { line, reason, limit } = message.fileError;
        throw new (limit ? ImportLimitError : ImportFileError)(line, reason);
      } else if ("error" in message) {
        throw new Error(message.error);
      }
    }
  } finally {
    clearInterval(timer);
    if (thread && finished) giveBack(thread);
    else if (thread) void thread.worker.terminate();
    if (!inputDone) void drain(input);
  }
}

/** What of a refused upload is read to be thrown away, at most. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 60_000;

/**
 * Reads what is left of an upload refused before its end, in the background: the answer goes out
 * at once, and the client, still sending, gets it (a body left unread ends in a reset connection,
 * and the client sees that instead of the reason).
 */
async function drain(input: AsyncIterator<Uint8Array>): Promise<void> {
  const deadline = performance.now() + DRAIN_MAX_MS;
  let bytes = 0;
  try {
    for (let next = await input.next(); !next.done; next = await input.next()) {
      bytes += next.value.byteLength;
      if (bytes > DRAIN_MAX_BYTES || performance.now() > deadline) {
        await input.return?.();
        return;
      }
    }
  } catch (error) {
    log.debug("the rest of a refused import upload was not read", { error });
  }
}

/** Stops the idle threads (tests, shutdown); threads reading an upload end with it. */
export async function closeImportThreads(): Promise<void> {
  await Promise.allSettled(idle.splice(0).map((thread) => thread.worker.terminate()));
}
