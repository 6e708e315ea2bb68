import { useState } from "react";
import { cx } from "./ui";

const TILE_COLOURS = ["bg-sky-700", "bg-emerald-700", "bg-violet-700", "bg-rose-700", "bg-amber-700", "bg-teal-700", "bg-indigo-700", "bg-fuchsia-700"];

/** The site's first letter and a colour that stays the same for the site. */
export function letterTile(url: string | null | undefined): { letter: string; colour: string } {
  let host = "";
  try {
    host = url ? new URL(url).hostname.replace(/^www\./, "") : "";
  } catch {
    host = "";
  }
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
  const tile = letterTile(url);
  return (
    <span aria-hidden className={cx("inline-flex select-none items-center justify-center rounded text-[0.6rem] font-bold leading-none text-white", tile.colour, className)} data-testid="favicon-tile">
      {tile.letter}
    </span>
  );
}
