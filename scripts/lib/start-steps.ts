import { readFileSync } from "node:fs";
import type { StartStep } from "../../app/server/platform/process.server";

/** One line of `npm start`'s report: a step's wall time, and for a child its CPU and its own steps. */
export interface StartLine {
  name: string;
  ms: number;
  detail?: string;
  cpuMs?: number;
  parts?: StartStep[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The lines npm start prints when ready, one per step: "took 1.3 s  postgres (embedded, started)";
 * a child's line carries its CPU time and its own steps ("took 2.1 s  web (cpu 1.4 s): code 0.9 s,
 * app build 1.1 s, listen 0.0 s"). The supervisor's steps run one after another; the web server
 * and the workers start side by side, each line timed from its process's own start.
 */
export function formatStartSteps(steps: StartLine[]): string[] {
  const width = Math.max(...steps.map((step) => seconds(step.ms).length));
  return steps.map((step) => {
    const parts = step.parts?.length ? `: ${step.parts.map(([name, ms]) => `${name} ${seconds(ms)}`).join(", ")}` : "";
    const cpu = step.cpuMs === undefined ? "" : `cpu ${seconds(step.cpuMs)}`;
    const notes = [step.detail, cpu].filter(Boolean).join(", ");
    return `took ${seconds(step.ms).padStart(width)}  ${step.name}${notes ? ` (${notes})` : ""}${parts}`;
  });
}

/** A process's start, in clock ticks since boot (Linux's /proc), or undefined elsewhere. */
function startTicks(pid: number | "self"): number | undefined {
  try {
    // After "pid (name) " come state, ppid, …: starttime is the 22nd field of the line.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[19]);
  } catch {
    return undefined;
  }
}

const TICKS_PER_SECOND = 100;

/**
 * How long npm itself took before it ran us (`npm start` execs node in its shell's place, so npm is
 * our parent), from the two processes' start times; undefined when npm did not start us, or off Linux.
 */
export function npmOwnMs(): number | undefined {
  if (!process.env.npm_lifecycle_event) return undefined;
  const ours = startTicks("self");
  const npm = startTicks(process.ppid);
  if (ours === undefined || npm === undefined || ours < npm) return undefined;
  const ms = ((ours - npm) * 1000) / TICKS_PER_SECOND;
  return ms < 60_000 ? ms : undefined;
}
