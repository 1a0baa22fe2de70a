/**
 * Bounds how many renders of one costly kind run at once: image encodings (AVIF is CPU-bound),
 * page compressions, the sauna table's reads over the whole catalog. More at once than there are
 * cores (or database connections) only makes every one of them slower and lets a burst of them
 * starve the other pages. Up to `maxConcurrent` run; up to `maxQueued` more wait their turn in
 * arrival order; beyond that `run` refuses at once with RenderQueueFull, which the route answers
 * with 503 and Retry-After rather than letting requests pile up without bound.
 */

export class RenderQueueFull extends Error {
  override name = "RenderQueueFull";
}

export class RenderLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxQueued: number,
    /** What a refusal says, for the log. */
    readonly busyMessage = "Too many images are being prepared right now",
  ) {
    if (!(Number.isInteger(maxConcurrent) && maxConcurrent >= 1))
      throw new RangeError("maxConcurrent must be a whole number of at least 1");
    if (!(Number.isInteger(maxQueued) && maxQueued >= 0)) throw new RangeError("maxQueued must be a whole number of at least 0");
  }

  /** Renders running now (for diagnostics and tests). */
  get active(): number {
    return this.running;
  }

  /** Renders waiting for a slot (for diagnostics and tests). */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueued) throw new RenderQueueFull(this.busyMessage);
      // The slot is handed over by release(), so `running` never drops and rises again in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
