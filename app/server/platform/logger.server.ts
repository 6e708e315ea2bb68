/**
 * One-line structured logs: `level message key=value ...`, readable in a terminal and
 * easy to grep. The start script prefixes each process's lines with its name.
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = process.env.LOG_LEVEL as Level | undefined;
  return order[level ?? "info"] ?? order.info;
}

function format(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (typeof value === "string") return /[\s="]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const parts = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${format(v)}`);
  const line = [level.padEnd(5), message, ...parts].join(" ");
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
