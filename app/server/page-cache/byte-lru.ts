import { LRUCache } from "lru-cache";

/**
 * A least-recently-used map bounded by the bytes its values say they take, not by their count:
 * a few large pages and many small ones cost what they really cost. `lru-cache` with a size
 * budget: `get` marks a value used, `peek` does not, `set` evicts the least recently used values
 * until the total fits and stores nothing (dropping the key's old value) when the value alone
 * exceeds the budget. `calculatedSize` is the bytes held, `maxSize` the budget.
 */
export type ByteLru<V extends { bytes: number }> = LRUCache<string, V>;

export function createByteLru<V extends { bytes: number }>(maxBytes: number): ByteLru<V> {
  // lru-cache wants a positive size; a value of no bytes still takes an entry.
  return new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, value.bytes) });
}
