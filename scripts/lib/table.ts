/**
 * Plain-text tables for the command line: a header row, a rule, and columns padded to their
 * widest cell. Cells that hold numbers are right-aligned so counts line up.
 */
export function formatTable(headers: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const cells = rows.map((row) => headers.map((_, i) => (row[i] === null || row[i] === undefined ? "" : String(row[i]))));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === "number" || row[i] === null || row[i] === undefined));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n");
}

/** "3 min", "2 h 5 min", "4 d 1 h": an age as a person reads it. */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return `${Math.max(0, Math.round(ms / 1000))} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
