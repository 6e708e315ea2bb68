/** "1 view", "2 views", "1.2K views": `shown` is the count as displayed, when it is formatted. */
export function plural(count: number, one: string, many: string, shown: string = String(count)): string {
  return `${shown} ${count === 1 ? one : many}`;
}
