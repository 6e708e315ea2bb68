import type { WorkerInfo } from "~/lib/jobs";
import { formatCount } from "~/lib/admin-stats";
import { LocalTime } from "../local-time";
import { Badge } from "../ui";

const TH = "px-3 py-2 font-medium";

/** Every worker process that has beaten recently; one silent for two intervals shows as lost. */
export function WorkersTable({ workers }: { workers: WorkerInfo[] }) {
  if (workers.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No worker has reported in.</p>;
  return (
    // Wider than a phone: the table scrolls sideways in its own box, which keyboards can reach too.
    <div tabIndex={0} role="region" aria-label="Workers table" className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Workers</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className={TH}>Host and pid</th>
            <th scope="col" className={TH}>Queues</th>
            <th scope="col" className={TH}>Concurrency</th>
            <th scope="col" className={TH}>Started</th>
            <th scope="col" className={TH}>Last heartbeat</th>
            <th scope="col" className={`${TH} text-right`}>Done / failed</th>
            <th scope="col" className={TH}>Running now</th>
          </tr>
        </thead>
        <tbody>
          {workers.map((worker) => (
            <tr key={worker.id} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="worker-row">
              <th scope="row" className="px-3 py-2 font-normal">
                <span className="break-all font-mono">{worker.hostname}</span> <span className="text-slate-500 dark:text-slate-400">pid {worker.pid}</span>{" "}
                {worker.status === "lost" ? <Badge tone="danger">Lost</Badge> : <Badge tone="success">Live</Badge>}
              </th>
              <td className="px-3 py-2 font-mono text-xs">{worker.queues.join(", ")}</td>
              <td className="px-3 py-2 tabular-nums">{worker.concurrency ?? "—"}</td>
              <td className="px-3 py-2 whitespace-nowrap"><LocalTime when={worker.startedAt} style="stamp" /></td>
              <td className="px-3 py-2 whitespace-nowrap"><LocalTime when={worker.lastBeatAt} style="stamp" /></td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatCount(worker.jobsDone)} / {formatCount(worker.jobsFailed)}
              </td>
              <td className="px-3 py-2 text-xs">
                {worker.running.length === 0 ? (
                  <span className="text-slate-500 dark:text-slate-400">Idle</span>
                ) : (
                  <ul>
                    {worker.running.map((job) => (
                      <li key={`${job.queue}:${job.id}`} className="break-all font-mono">
                        {job.queue} #{job.id} ({job.name})
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
