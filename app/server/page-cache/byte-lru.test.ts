import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createByteLru } from "./byte-lru";

const sized = (bytes: number) => ({ bytes });

describe("the byte-budget LRU (lru-cache)", () => {
  it("evicts the least recently used values until the total fits", () => {
    const lru = createByteLru<{ bytes: number }>(100);
    lru.set("a", sized(40));
    lru.set("b", sized(40));
    expect(lru.get("a")).toEqual(sized(40)); // a is now newer than b
    lru.set("c", sized(40));
    expect(lru.peek("b")).toBeUndefined();
    expect(lru.peek("a")).toBeDefined();
    expect(lru.peek("c")).toBeDefined();
    expect(lru.calculatedSize).toBe(80);
  });

  it("replaces a key's value and counts only the new one", () => {
    const lru = createByteLru<{ bytes: number }>(100);
    lru.set("a", sized(30));
    lru.set("a", sized(50));
    expect(lru.calculatedSize).toBe(50);
    expect(lru.size).toBe(1);
    lru.delete("a");
    expect(lru.calculatedSize).toBe(0);
  });

  it("drops a key's old value when its new one is over the budget", () => {
    const lru = createByteLru<{ bytes: number }>(100);
    lru.set("a", sized(30));
    lru.set("a", sized(101));
    expect(lru.peek("a")).toBeUndefined();
    expect(lru.calculatedSize).toBe(0);
  });

  it("evicts in order of last use, oldest first, as many as the new value needs", () => {
    const lru = createByteLru<{ bytes: number }>(100);
    for (const key of ["a", "b", "c", "d"]) lru.set(key, sized(25));
    lru.get("a");
    lru.peek("b"); // a look that is not a use
    lru.set("e", sized(50));
    expect([...lru.keys()].sort()).toEqual(["a", "d", "e"]);
  });

  it("refuses a value larger than the whole budget and keeps what it had", () => {
    const lru = createByteLru<{ bytes: number }>(100);
    lru.set("a", sized(60));
    lru.set("huge", sized(101));
    expect(lru.peek("huge")).toBeUndefined();
    expect(lru.peek("a")).toBeDefined();
    expect(lru.calculatedSize).toBe(60);
  });

  it("never holds more than its budget, whatever is stored", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 300 }), fc.boolean())), (operations) => {
        const lru = createByteLru<{ bytes: number }>(500);
        for (const [key, bytes, read] of operations) {
          if (read) lru.get(key);
          else lru.set(key, sized(bytes));
          expect(lru.calculatedSize).toBeLessThanOrEqual(500);
        }
      }),
    );
  });
});
