/**
 * Renders the pages readers are about to ask for again after a catalog change, so that they
 * rarely meet a miss (docs/decisions/0083). A save empties the page cache; left alone, the next
 * visitor of every page would wait for its render, all at the moment the owner saved. The warmer
 * refills, one page at a time with a pause between, in this order: the pages most visited in the
 * last hour (read at least twice), then the fixed ones (home, /reviews, every collection page).
 *
 * Nothing stale is served meanwhile: the cache was emptied, so a page not warmed yet is rendered
 * for its visitor from the new catalog, and a visitor who asks for a page being warmed waits for
 * that one render. No reader sees a price the owner just changed.
 */

/**
 * A page read at least this often in the last hour is about to be read again: the warmer renders
 * it after a change, and a reader's render of it goes ahead of others'. A page read once (a
 * product found by search, a crawler's walk) is not.
 */
export const READ_AGAIN_VISITS = 2;

/** Visits counted per page over about the last hour: two half-hour buckets, the older one dropped as time moves on. */
export class VisitCounter {
  readonly #bucketMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  #current = new Map<string, number>();
  #previous = new Map<string, number>();
  #bucketStart: number;

  constructor(options: { bucketMs?: number; maxKeys?: number; now?: () => number } = {}) {
    this.#bucketMs = options.bucketMs ?? 30 * 60_000;
    // A flood of distinct URLs must not grow this without end: past the limit, new keys are not counted.
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
    this.#bucketStart = this.#now();
  }

  count(key: string): void {
    this.#rotate();
    const seen = this.#current.get(key);
    if (seen !== undefined) this.#current.set(key, seen + 1);
    else if (this.#current.size < this.#maxKeys) this.#current.set(key, 1);
  }

  /** The visits of one key over about the last hour. */
  visitsOf(key: string): number {
    this.#rotate();
    return (this.#current.get(key) ?? 0) + (this.#previous.get(key) ?? 0);
  }

  /** The `limit` most visited keys of the last hour or so with at least `minVisits` each, most visited first. */
  top(limit: number, minVisits = 1): string[] {
    this.#rotate();
    const totals = new Map(this.#previous);
    for (const [key, visits] of this.#current) totals.set(key, (totals.get(key) ?? 0) + visits);
    return [...totals]
      .filter(([, visits]) => visits >= minVisits)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([key]) => key);
  }

  #rotate(): void {
    const elapsed = this.#now() - this.#bucketStart;
    if (elapsed < this.#bucketMs) return;
    // Two buckets or more went by without a visit: nothing counted is recent any more.
    this.#previous = elapsed < 2 * this.#bucketMs ? this.#current : new Map();
    this.#current = new Map();
    this.#bucketStart = this.#now();
  }
}

export interface PageWarmerOptions {
  /** Renders a key's page into the cache (or joins the render already under way). */
  fill: (key: string) => Promise<unknown>;
  visits: VisitCounter;
  /** The pages always warmed after the most visited ones: home, /reviews, every collection page. */
  fixedKeys: () => Promise<string[]>;
  /** How many of the most visited pages are warmed. */
  mostVisited?: number;
  /** The pause after each render: the warmer takes a share of the CPU, never all of it. */
  pauseMs?: number;
  onError?: (key: string, error: unknown) => void;
}

export class PageWarmer {
  readonly #options: PageWarmerOptions;
  /** Bumped by every restart: a run of an older change stops at its next page. */
  #run = 0;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly #warmed = { pages: 0 };

  constructor(options: PageWarmerOptions) {
    this.#options = options;
  }

  get stats() {
    return { pagesWarmed: this.#warmed.pages };
  }

  /** After a catalog change: stops the run of the previous change, if any, and starts a new one. */
  restart(): Promise<void> {
    if (this.#stopped) return this.#running;
    const run = ++this.#run;
    this.#running = this.#running.then(() => this.#warm(run));
    return this.#running;
  }

  /**
   * Before the server closes its database: the run stops after the page it is rendering, which
   * this waits for, and later changes start none. A render after the close would only fail.
   */
  stop(): Promise<void> {
    this.#stopped = true;
    this.#run++;
    return this.#running;
  }

  async #warm(run: number): Promise<void> {
    const { fill, visits, fixedKeys, mostVisited = 100, pauseMs = 20, onError } = this.#options;
    // Rendering a page nobody is about to read again would only take the CPU from readers.
    const keys = new Set(visits.top(mostVisited, READ_AGAIN_VISITS));
    try {
      for (const key of await fixedKeys()) keys.add(key);
    } catch (error) {
      onError?.("(the fixed pages)", error);
    }
    for (const key of keys) {
      if (run !== this.#run) return;
      try {
        await fill(key);
        this.#warmed.pages++;
      } catch (error) {
        onError?.(key, error);
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
