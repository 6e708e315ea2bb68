/**
 * What a person typed, ticked or chose before React hydrated the page (a phone on a slow network
 * shows the server's page seconds before its JavaScript runs). React keeps such a value in the
 * DOM while it hydrates, but its state still holds the server's, and the field's next redraw puts
 * the server's value back: a pasted link vanished from Save, a plan chosen at sign-up went back to
 * Free. Called once hydration has committed, this hands each such value to React as an edit of
 * the person's own: the field's change handler runs with it, as if it had been typed now.
 *
 * How: React tracks the last value it saw through a setter on the element itself. Setting the
 * server's value through that setter and the person's through the prototype's (which React does
 * not see), then dispatching the event React listens to, makes React see a change to the person's
 * value. Returns how many fields were handed over.
 */
export function adoptEarlyInput(root: ParentNode = document): number {
  let adopted = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (field.disabled || ("readOnly" in field && field.readOnly)) continue;
    if (field instanceof HTMLSelectElement) {
      // React reads a select's change event as it comes (no tracker to get past).
      if ([...field.options].every((option) => option.selected === option.defaultSelected)) continue;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      // A radio counts where it was chosen; the one it replaced follows from the choice.
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) continue;
      const checked = field.checked;
      field.checked = !checked;
      setUnseen(field, "checked", checked);
      // React hears a checkbox's change on "click"; a plain Event (not a MouseEvent) does not toggle it again.
      field.dispatchEvent(new Event("click", { bubbles: true }));
    } else {
      if (UNTYPED.has(field.type) || field.value === field.defaultValue) continue;
      const value = field.value;
      field.value = field.defaultValue;
      setUnseen(field, "value", value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    adopted++;
  }
  return adopted;
}

/** Inputs whose value is not the person's to type (a file input's cannot even be set). */
const UNTYPED = new Set(["hidden", "file", "submit", "reset", "button", "image"]);

/** Sets a property through the element's prototype, past the setter React put on the element. */
function setUnseen(field: HTMLInputElement | HTMLTextAreaElement, property: "value" | "checked", value: string | boolean) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(field, value);
}
