import { WORK_LANES, type WorkLane } from "~/lib/vocabulary";

/**
 * A bounded resource of one process with a place kept for people's work (decision 049): the
 * headless browser's pages. Background work (an import's links, bulk and plan re-enrichments)
 * holds at most `shared` places; interactive work (a link a person added or retried) may take any
 * free one of `shared + 1`, so however much background work is in flight, a person's link finds a
 * place at once unless other people's links hold the rest. A place that frees goes to the lanes in
 * WORK_LANES order (interactive first), each lane first come, first served.
 */
export class LaneSlots {
  private readonly busy: Record<WorkLane, number> = { interactive: 0, background: 0 };
  private readonly waiting: Record<WorkLane, Array<() => void>> = { interactive: [], background: [] };

  constructor(readonly shared: number) {
    if (!Number.isInteger(shared) || shared < 1) throw new RangeError(`LaneSlots needs at least one shared place, not ${shared}`);
  }

  /** Every place: the shared ones and the one kept for interactive work. */
  get size(): number {
    return this.shared + 1;
  }

  /** Places held now, by lane. */
  inUse(lane?: WorkLane): number {
    return lane ? this.busy[lane] : this.busy.interactive + this.busy.background;
  }

  private fits(lane: WorkLane): boolean {
    if (this.inUse() >= this.size) return false;
    return lane === "interactive" || this.busy.background < this.shared;
  }

  /** Waits for a place of the lane; the answer gives it back (once, however often it is called). */
  async acquire(lane: WorkLane): Promise<() => void> {
    // A lane waiting already goes first: nobody overtakes it, and interactive waiters mean every place is taken.
    if (this.waiting[lane].length === 0 && this.waiting.interactive.length === 0 && this.fits(lane)) {
      this.busy[lane]++;
    } else {
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.busy[lane]--;
      this.pump();
    };
  }

  /** Runs `work` holding a place of the lane; it hears how long it waited for one. */
  async run<T>(lane: WorkLane, work: (waitedMs: number) => Promise<T>): Promise<T> {
    const asked = performance.now();
    const release = await this.acquire(lane);
    try {
      return await work(Math.round(performance.now() - asked));
    } finally {
      release();
    }
  }

  private pump(): void {
    for (const lane of WORK_LANES) {
      const queue = this.waiting[lane];
      while (queue.length > 0 && this.fits(lane)) {
        this.busy[lane]++;
        queue.shift()!();
      }
    }
  }
}
