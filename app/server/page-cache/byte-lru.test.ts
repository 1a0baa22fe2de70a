import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru";

const sized = (bytes: number) => ({ bytes });

describe("ByteLru", () => {
  it("evicts the least recently used values until the total fits", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", sized(40));
    lru.set("b", sized(40));
    expect(lru.get("a")).toEqual(sized(40)); // a is now newer than b
    lru.set("c", sized(40));
    expect(lru.peek("b")).toBeUndefined();
    expect(lru.peek("a")).toBeDefined();
    expect(lru.peek("c")).toBeDefined();
    expect(lru.bytes).toBe(80);
  });

  it("replaces a key's value and counts only the new one", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", sized(30));
    lru.set("a", sized(50));
    expect(lru.bytes).toBe(50);
    expect(lru.size).toBe(1);
    lru.delete("a");
    expect(lru.bytes).toBe(0);
  });

  it("refuses a value larger than the whole budget and keeps what it had", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", sized(60));
    expect(lru.set("huge", sized(101))).toBe(false);
    expect(lru.peek("a")).toBeDefined();
    expect(lru.bytes).toBe(60);
  });

  it("never holds more than its budget, whatever is stored", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 300 }), fc.boolean())), (operations) => {
        const lru = new ByteLru<{ bytes: number }>(500);
        for (const [key, bytes, read] of operations) {
          if (read) lru.get(key);
          else lru.set(key, sized(bytes));
          expect(lru.bytes).toBeLessThanOrEqual(500);
        }
      }),
    );
  });
});
