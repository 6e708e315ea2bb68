/**
 * The saved links list's keys (decision 052): one list, read by the list's handler, the `?`
 * dialog and docs/dashboard.md. None fires while typing in a field.
 */
export const LIST_KEYS = [
  { keys: ["↓", "j"], action: "Next link" },
  { keys: ["↑", "k"], action: "Previous link" },
  { keys: ["Home", "End"], action: "First or last link shown" },
  { keys: ["Enter"], action: "Open the link's details" },
  { keys: ["x"], action: "Select or unselect the link (Shift+x selects a range)" },
  { keys: ["."], action: "Actions menu: Share, Retry, Tags, Delete" },
  { keys: ["Esc"], action: "Close what is on top: a menu, else the details, else clear the selection" },
  { keys: ["?"], action: "Show these keys" },
] as const;

/** What a key press on the list means, or null for a key the list leaves alone. */
export type ListCommand = "next" | "previous" | "first" | "last" | "select" | "select-range" | "menu" | "help";

export function listCommand(event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): ListCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case "ArrowDown":
    case "j":
      return "next";
    case "ArrowUp":
    case "k":
      return "previous";
    case "Home":
      return "first";
    case "End":
      return "last";
    case "x":
      return "select";
    case "X":
      return "select-range";
    case ".":
    case "ContextMenu":
      return "menu";
    case "F10":
      return event.shiftKey ? "menu" : null;
    case "?":
      return "help";
    default:
      return null;
  }
}

/** Whether a key press comes from somewhere the user types: a text field, a select, an editor. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as Element;
  if (element.closest("textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  if (element instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit", "reset"].includes(element.type);
  return false;
}
