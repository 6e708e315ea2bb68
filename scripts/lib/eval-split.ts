/** FNV-1a of the id: a fixed split that does not depend on file order (60% dev, 40% held out). */
export function splitOf(id: string): "dev" | "heldout" {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 10 < 6 ? "dev" : "heldout";
}
