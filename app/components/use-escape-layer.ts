import { useEffect, useRef } from "react";
import { isTyping } from "~/lib/list-keys";

/**
 * What one Escape closes (issue #34): only the topmost thing open — a menu or popover, else a
 * link's detail, else the selection. Each registers while it is open; a single listener picks
 * the highest layer (the latest opened among equals). A native modal `<dialog>` (and a keyed
 * handler that already called preventDefault, such as a row's ⋯ menu) keeps its own Escape.
 */
const RANK = { popup: 3, panel: 2, selection: 1 } as const;
export type EscapeLayer = keyof typeof RANK;

interface Entry {
  layer: EscapeLayer;
  order: number;
  /** False: a text field's Escape is the field's, and nothing under this layer closes either. */
  whileTyping: boolean;
  close: () => void;
}

const open = new Set<Entry>();
let opened = 0;
let listening = false;

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  if (document.querySelector("dialog[open]")) return;
  let top: Entry | null = null;
  for (const entry of open) {
    if (!top || RANK[entry.layer] > RANK[top.layer] || (RANK[entry.layer] === RANK[top.layer] && entry.order > top.order)) top = entry;
  }
  if (!top || (!top.whileTyping && isTyping(event.target))) return;
  event.preventDefault();
  top.close();
}

/** While `active`, Escape calls `close` when this is the topmost open layer. */
export function useEscapeLayer(active: boolean, layer: EscapeLayer, close: () => void, { whileTyping = false } = {}) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!active) return;
    if (!listening) {
      document.addEventListener("keydown", onKeyDown);
      listening = true;
    }
    const entry: Entry = { layer, order: ++opened, whileTyping, close: () => latest.current() };
    open.add(entry);
    return () => void open.delete(entry);
  }, [active, layer, whileTyping]);
}
