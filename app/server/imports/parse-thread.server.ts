/**
 * The entry of an import parser thread (see parse-off-thread.server.ts): reads uploaded files, one
 * at a time, off the web server's event loop. Loaded through tsx; imported by nothing else.
 */
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { ImportFileError, ImportLimitError, parseImport, type ImportLimits, type ParseEvent } from "./parse.server";
import type { FromThread, ToThread } from "./parse-off-thread.server";

const port = parentPort!;
/** Events per message: enough to make posting cheap, few enough to stage as they come. */
const BATCH = 500;

const received: ToThread[] = [];
let waiting: ((message: ToThread) => void) | null = null;
port.on("message", (message: ToThread) => {
  if (waiting) {
    const take = waiting;
    waiting = null;
    take(message);
  } else {
    received.push(message);
  }
});

function nextMessage(): Promise<ToThread> {
  const message = received.shift();
  return message ? Promise.resolve(message) : new Promise<ToThread>((resolve) => (waiting = resolve));
}

let batch: ParseEvent[] = [];
const send = (message: FromThread) => port.postMessage(message);
const flush = () => {
  if (batch.length > 0) send({ events: batch });
  batch = [];
};

/** The upload, a chunk at a time: each asked for once what was read before has been sent. */
async function* upload(): AsyncGenerator<Uint8Array> {
  for (;;) {
    flush();
    send({ need: true });
    const message = await nextMessage();
    if ("end" in message) return;
    if ("chunk" in message) yield message.chunk;
  }
}

/** This thread's id in the system ("<pid>/task/<tid>"), so its CPU time can be read; undefined off Linux. */
function systemThreadId(): number | undefined {
  try {
    return Number(readlinkSync("/proc/thread-self").split("/").pop()) || undefined;
  } catch {
    return undefined;
  }
}

/** One file, from its `start` to its answer: done, or the reason it could not be read. */
async function read(limits: ImportLimits): Promise<void> {
  batch = [];
  try {
    for await (const event of parseImport(upload(), limits)) {
      batch.push(event);
      if (batch.length >= BATCH) flush();
    }
    flush();
    send({ done: true });
  } catch (error) {
    batch = [];
    if (error instanceof ImportFileError) send({ fileError: { line: error.line, reason: error.reason, limit: error instanceof ImportLimitError } });
    else send({ error: error instanceof Error ? error.message : String(error) });
  }
}

send({ ready: true, tid: systemThreadId() });
for (;;) {
  const message = await nextMessage();
  if ("start" in message) await read(message.start);
}
