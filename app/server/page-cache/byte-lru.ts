/**
 * A least-recently-used map bounded by the bytes its values say they take, not by their count:
 * a few large pages and many small ones cost what they really cost. Pure and synchronous.
 */
export class ByteLru<V extends { bytes: number }> {
  // A Map iterates in insertion order; re-inserting on every use keeps the oldest use first.
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, marked as the most recently used. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** The value without marking it used. */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /**
   * Stores the value and evicts the least recently used ones until the total fits. Returns false
   * (and stores nothing) when the value alone would exceed the budget.
   */
  set(key: string, value: V): boolean {
    this.delete(key);
    if (value.bytes > this.maxBytes) return false;
    this.#entries.set(key, value);
    this.#bytes += value.bytes;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= value.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
