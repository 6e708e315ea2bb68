import type { JobQueueName, QueueStats } from "~/lib/jobs";
import { formatCount } from "~/lib/admin-stats";
import { Badge, Button } from "../ui";
import { formatAge } from "./jobs-poll";

const CARD = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

/**
 * Jobs finished per minute over the last hour as a bar per minute: completed up, failed down,
 * on a shared scale. Decorative for screen readers; the totals beside it say the same in words.
 */
function Sparkline({ completed, failed }: { completed: number[]; failed: number[] }) {
  const peak = Math.max(1, ...completed, ...failed);
  const width = Math.max(completed.length, failed.length, 1);
  const barH = (n: number) => (n / peak) * 20;
  return (
    <svg viewBox={`0 0 ${width} 42`} preserveAspectRatio="none" className="h-10 w-full" aria-hidden focusable="false">
      <line x1="0" x2={width} y1="21" y2="21" className="stroke-slate-200 dark:stroke-slate-700" strokeWidth="0.3" />
      {completed.map((n, i) => (n > 0 ? <rect key={`c${i}`} x={i + 0.1} y={21 - barH(n)} width="0.8" height={barH(n)} className="fill-emerald-500" /> : null))}
      {failed.map((n, i) => (n > 0 ? <rect key={`f${i}`} x={i + 0.1} y={21} width="0.8" height={barH(n)} className="fill-red-500" /> : null))}
    </svg>
  );
}

/** One card per queue: its counts, throughput over the last hour, oldest waiting job, and pause. */
export function QueueCards({
  queues,
  busy,
  onTogglePause,
}: {
  queues: QueueStats[];
  busy: JobQueueName | null;
  onTogglePause: (queue: JobQueueName, pause: boolean) => void;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {queues.map((queue) => {
        const rows: Array<[string, number]> = [
          ["Waiting", queue.counts.waiting],
          ["Prioritized", queue.counts.prioritized],
          ["Active", queue.counts.active],
          ["Delayed", queue.counts.delayed],
          ["Failed", queue.counts.failed],
        ];
        return (
          <section key={queue.name} aria-labelledby={`queue-${queue.name}-heading`} className={CARD} data-testid={`queue-card-${queue.name}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`queue-${queue.name}-heading`} className="font-mono text-sm font-semibold">
                {queue.name}
              </h3>
              <span data-testid={`queue-state-${queue.name}`}>
                {queue.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Running</Badge>}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-sm sm:grid-cols-5">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
                  <dd className="font-semibold tabular-nums" data-testid={`queue-${queue.name}-${label.toLowerCase()}`}>
                    {formatCount(value)}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-3">
              <Sparkline completed={queue.perMinute.completed} failed={queue.perMinute.failed} />
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Last hour: <span className="font-medium text-emerald-700 dark:text-emerald-400">{formatCount(queue.lastHour.completed)} completed</span>,{" "}
                <span className="font-medium text-red-700 dark:text-red-400">{formatCount(queue.lastHour.failed)} failed</span> (bars per minute)
              </p>
            </div>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {queue.oldestWaiting ? <>Oldest waiting: {formatAge(queue.oldestWaiting.ageMs)}</> : "Nothing waiting."}
            </p>
            <div className="mt-3">
              <Button
                size="sm"
                variant="secondary"
                busy={busy === queue.name}
                onClick={() => onTogglePause(queue.name, !queue.paused)}
              >
                {queue.paused ? `Resume ${queue.name}` : `Pause ${queue.name}`}
              </Button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
