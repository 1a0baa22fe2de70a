import { describe, expect, it } from "vitest";
import { chooseVariant, storageKey } from "./variant-choice";

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  } as Storage;
}

describe("chooseVariant", () => {
  it("chooses at random the first time and keeps the choice for the tab", () => {
    const storage = memoryStorage();
    expect(chooseVariant(7, 2, storage, () => 0.75)).toBe(1);
    // A later page in the same tab: the kept variant, whatever the random number.
    expect(chooseVariant(7, 2, storage, () => 0.1)).toBe(1);
    expect(storage.getItem(storageKey(7))).toBe("1");
  });

  it("splits evenly over the variants", () => {
    expect(chooseVariant(1, 3, memoryStorage(), () => 0)).toBe(0);
    expect(chooseVariant(1, 3, memoryStorage(), () => 0.34)).toBe(1);
    expect(chooseVariant(1, 3, memoryStorage(), () => 0.999999)).toBe(2);
  });

  it("chooses again when the kept value is not a variant of the test (fewer variants, or tampered)", () => {
    const storage = memoryStorage();
    storage.setItem(storageKey(3), "5");
    expect(chooseVariant(3, 2, storage, () => 0.2)).toBe(0);
    storage.setItem(storageKey(4), "x");
    expect(chooseVariant(4, 2, storage, () => 0.9)).toBe(1);
  });

  it("takes no part without a storage that keeps the choice", () => {
    expect(chooseVariant(1, 2, null)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    } as unknown as Storage;
    expect(chooseVariant(1, 2, throwing)).toBeNull();
    const forgetful = { getItem: () => null, setItem: () => {} } as unknown as Storage;
    expect(chooseVariant(1, 2, forgetful)).toBeNull();
  });
});
