import { useId, useState } from "react";
import { CHECKOUT_FAILED, MAX_PACK_QUANTITY, MIN_PACK_QUANTITY, type PublicPack } from "~/lib/billing";
import { formatEur } from "~/lib/plans";
import { useToast } from "../toast";
import { Badge, Button, Card, cx } from "../ui";
import { startCheckout } from "./checkout";

/** The quantity as typed: a whole number from 1 to 100, else null (and Buy is off). */
export function parseQuantity(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= MIN_PACK_QUANTITY && n <= MAX_PACK_QUANTITY ? n : null;
}

/** Cents, so 3 × 4.99 is 14.97 and not 14.970000000000002. */
export function packTotal(price: number, quantity: number): number {
  return Math.round(price * 100 * quantity) / 100;
}

/**
 * The upgrade page's packs: pick one (the `?pack=` one first), choose how many, see the total,
 * Buy → checkout. When sales are Coming Soon the packs are shown but not sold.
 */
export function PackShop({
  packs,
  initialPack,
  comingSoon,
  onNotify,
}: {
  packs: PublicPack[];
  initialPack: string;
  comingSoon: boolean;
  onNotify: () => void;
}) {
  const [selected, setSelected] = useState(initialPack);
  const [quantityText, setQuantityText] = useState("1");
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const id = useId();
  const quantity = parseQuantity(quantityText);
  const pack = packs.find((p) => p.id === selected) ?? packs[0]!;

  function step(by: number) {
    const next = Math.min(MAX_PACK_QUANTITY, Math.max(MIN_PACK_QUANTITY, (quantity ?? 1) + by));
    setQuantityText(String(next));
  }

  async function buy() {
    if (quantity === null) return;
    setBusy(true);
    try {
      await startCheckout("/api/purchase-pack", { packId: pack.id, quantity, returnUrl: "/upgrade" }, CHECKOUT_FAILED);
    } catch (error) {
      toast.show((error as Error).message, "error");
      setBusy(false);
    }
  }

  return (
    <div data-testid="pack-shop">
      <fieldset>
        <legend className="sr-only">Choose a pack</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {packs.map((p) => (
            <label
              key={p.id}
              data-testid={`pack-${p.id}`}
              className={cx(
                "relative flex cursor-pointer flex-col rounded-2xl border bg-white p-5 shadow-sm transition-colors dark:bg-slate-900",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-offset-slate-950",
                selected === p.id ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-pack`}
                    value={p.id}
                    checked={selected === p.id}
                    onChange={() => setSelected(p.id)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span className="text-lg font-semibold">{p.name}</span>
                </span>
                {p.popular ? <Badge tone="brand">Best Value</Badge> : null}
              </span>
              <span className="mt-3 text-3xl font-bold">{formatEur(p.price)}</span>
              <span className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {p.count} enrichments · {formatEur(p.price / p.count)} each
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <Card className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <label htmlFor={`${id}-qty`} className="block text-sm font-medium">
            Quantity
          </label>
          <div className="mt-1 flex items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => step(-1)} disabled={quantity !== null && quantity <= MIN_PACK_QUANTITY} aria-label="One fewer">
              −
            </Button>
            <input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={MIN_PACK_QUANTITY}
              max={MAX_PACK_QUANTITY}
              step={1}
              value={quantityText}
              onChange={(e) => setQuantityText(e.target.value)}
              aria-invalid={quantity === null}
              aria-describedby={`${id}-qty-hint`}
              className="w-20 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-center text-sm dark:border-slate-700 dark:bg-slate-950"
            />
            <Button variant="secondary" size="sm" onClick={() => step(1)} disabled={quantity !== null && quantity >= MAX_PACK_QUANTITY} aria-label="One more">
              +
            </Button>
          </div>
          <p id={`${id}-qty-hint`} className={cx("mt-1 text-xs", quantity === null ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300")}>
            {quantity === null ? `Enter a whole number from ${MIN_PACK_QUANTITY} to ${MAX_PACK_QUANTITY}.` : "Credits never expire and are used after your monthly allowance."}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="pack-total">
            {quantity === null ? (
              "Total: —"
            ) : (
              <>
                {quantity} × {pack.name} · {quantity * pack.count} enrichments ·{" "}
                <span className="text-base font-semibold text-slate-900 dark:text-slate-100">Total {formatEur(packTotal(pack.price, quantity))}</span>
              </>
            )}
          </p>
          {comingSoon ? (
            <div className="flex items-center gap-2">
              <Badge tone="warning">Coming Soon</Badge>
              <Button variant="secondary" onClick={onNotify}>
                Notify me
              </Button>
            </div>
          ) : (
            <Button onClick={buy} busy={busy} disabled={quantity === null}>
              {busy ? "Starting checkout…" : `Buy ${pack.name}`}
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
