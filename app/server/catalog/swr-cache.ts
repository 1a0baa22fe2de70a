/**
 * A value that is loaded once, served from memory while fresh, and while stale still served
 * at once while one background refresh replaces it (stale-while-revalidate: readers never wait for the database while a value is cached).
 * `invalidate()` drops it so the next reader waits for fresh data: an admin's save shows at once.
 */
export class SwrValue<T> {
  #value: { data: T; loadedAt: number } | undefined;
  #inFlight: Promise<T> | undefined;
  /** Bumped by invalidate(), so a refresh started before it cannot store older data after it. */
  #generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly freshForMs: number,
    private readonly onBackgroundError: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    const current = this.#value;
    if (!current) return this.#refresh();
    if (this.now() - current.loadedAt >= this.freshForMs) {
      // Stale: answer now, refresh behind the reader's back; a failure keeps the old data.
      this.#refresh().catch(this.onBackgroundError);
    }
    return current.data;
  }

  invalidate() {
    this.#generation++;
    this.#value = undefined;
    this.#inFlight = undefined;
  }

  #refresh(): Promise<T> {
    if (this.#inFlight) return this.#inFlight;
    const generation = this.#generation;
    const loading = this.load().then(
      (data) => {
        if (generation === this.#generation) {
          this.#value = { data, loadedAt: this.now() };
          this.#inFlight = undefined;
        }
        return data;
      },
      (error: unknown) => {
        if (generation === this.#generation) this.#inFlight = undefined;
        throw error;
      },
    );
    this.#inFlight = loading;
    return loading;
  }
}
