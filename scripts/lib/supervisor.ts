import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export interface Supervised {
  name: string;
  child: ChildProcess;
}

const COLORS = [36, 35, 33, 32, 34, 31];

/** Pipes each line a child prints to our stdout, prefixed with its name. */
function prefixLines(name: string, index: number, stream: NodeJS.ReadableStream | null, target: NodeJS.WritableStream) {
  if (!stream) return;
  const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
  const label = name.padEnd(9);
  const prefix = useColor ? `\x1b[${COLORS[index % COLORS.length]}m${label}|\x1b[0m ` : `${label}| `;
  createInterface({ input: stream }).on("line", (line) => target.write(`${prefix}${line}\n`));
}

/**
 * Starts a child in its own process group with an IPC channel: Ctrl-C reaches only the
 * supervisor, which stops children in order, and a child stops by itself if the
 * supervisor dies (see onShutdownSignal).
 */
export function startChild(name: string, index: number, command: string, args: string[], env: NodeJS.ProcessEnv): Supervised {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe", "ipc"], detached: true, env });
  prefixLines(name, index, child.stdout, process.stdout);
  prefixLines(name, index, child.stderr, process.stderr);
  return { name, child };
}

/** SIGTERM to each child, then SIGKILL to whatever is left after the timeout. */
export async function stopChildren(children: Supervised[], timeoutMs: number): Promise<void> {
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            // The whole group, so a child's own children go too (remix dev's app server).
            if (child.pid) process.kill(-child.pid, "SIGKILL");
            resolve();
          }, timeoutMs);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}
