/**
 * Every date and time the app shows, in one place (docs/screens.md, "Dates and times"). People see
 * their own locale and time zone; the exact instant in UTC goes in the <time>'s title, for an
 * operator matching logs. The server does not know the reader's zone, so it writes UTC and the
 * browser rewrites the text once hydrated (components/local-time.tsx): the same markup on both
 * sides, no hydration mismatch.
 */
export type DateStyle = "date" | "long" | "datetime" | "stamp" | "time";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  // Within a sentence: "Renews on 24 November 2026".
  long: { dateStyle: "long" },
  datetime: { dateStyle: "medium", timeStyle: "short" },
  // The jobs console: to the second.
  stamp: { dateStyle: "medium", timeStyle: "medium" },
  // A job's log line, under its date.
  time: { timeStyle: "medium" },
};

const toDate = (when: string | Date) => (when instanceof Date ? when : new Date(when));

/** "2026-11-24 04:10:05 UTC": the exact instant, the same on every machine. */
export function formatUtc(when: string | Date): string {
  const iso = toDate(when).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** What the server renders before the browser knows the zone: UTC, to the style's precision. */
export function formatUtcText(when: string | Date, style: DateStyle): string {
  const iso = toDate(when).toISOString();
  if (style === "date" || style === "long") return iso.slice(0, 10);
  if (style === "time") return `${iso.slice(11, 19)} UTC`;
  return `${iso.slice(0, 10)} ${iso.slice(11, style === "stamp" ? 19 : 16)} UTC`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** In the reader's locale and zone (the runtime's own unless given). */
export function formatLocal(when: string | Date, style: DateStyle, { locale, timeZone }: { locale?: string; timeZone?: string } = {}): string {
  const key = `${locale ?? ""}|${timeZone ?? ""}|${style}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...OPTIONS[style], timeZone });
    formatters.set(key, format);
  }
  return format.format(toDate(when));
}
