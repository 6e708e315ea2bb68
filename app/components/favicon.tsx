import { useState } from "react";
import { cx } from "./ui";

const TILE_COLOURS = ["bg-sky-700", "bg-emerald-700", "bg-violet-700", "bg-rose-700", "bg-amber-700", "bg-teal-700", "bg-indigo-700", "bg-fuchsia-700"];

/** The host of a URL without "www.", or "" when it is not one. */
export function hostOf(url: string | null | undefined): string {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, "") : "";
  } catch {
    return "";
  }
}

/** An IPv4 or (bracketed) IPv6 address rather than a name: it has no first letter worth showing. */
export function isIpHost(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
}

/** The site's first letter and a colour that stays the same for the site. */
export function letterTile(url: string | null | undefined): { letter: string; colour: string } {
  const host = hostOf(url);
  const letter = (host.match(/[a-z0-9]/i)?.[0] ?? "•").toUpperCase();
  let hash = 0;
  for (const char of host) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { letter, colour: TILE_COLOURS[hash % TILE_COLOURS.length]! };
}

/**
 * A site's icon, served from our origin (`/favicons/...`), or a letter tile when there is none
 * or it does not load. Decorative: the link's title says what it is.
 */
export function Favicon({ src, url, className = "h-4 w-4" }: { src: string | null; url?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt="" className={className} loading="lazy" onError={() => setFailed(true)} />;
  }
  if (isIpHost(hostOf(url))) {
    // A bare address names no site: a neutral globe, not the address's first digit.
    return (
      <span aria-hidden className={cx("inline-flex items-center justify-center rounded bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300", className)} data-testid="favicon-address">
        <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" className="h-3/4 w-3/4">
          <circle cx="8" cy="8" r="6.25" />
          <path d="M1.75 8h12.5M8 1.75c1.8 1.9 2.6 4 2.6 6.25S9.8 12.35 8 14.25C6.2 12.35 5.4 10.25 5.4 8S6.2 3.65 8 1.75Z" />
        </svg>
      </span>
    );
  }
  const tile = letterTile(url);
  return (
    <span aria-hidden className={cx("letter-tile", tile.colour, className)} data-testid="favicon-tile">
      {tile.letter}
    </span>
  );
}
