import { describe, expect, it } from "vitest";
import { ordinal, standingOf, standingText } from "./standings";

const heatUp = { better: "lower" as const, methodVersion: 2 };
const at = (productId: number, value: number, methodVersion = 2) => ({ productId, value, methodVersion });
const peers = [at(1, 22), at(2, 35), at(3, 28), at(4, 40), at(5, 31), at(6, 26), at(7, 45), at(8, 30), at(9, 12, 1)];

describe("standingOf", () => {
  it("ranks among the values under the same method version only", () => {
    // Eight measured under v2; product 9's 12 minutes under v1 are not counted.
    expect(standingOf(heatUp, at(1, 22), peers)).toEqual({ min: 22, max: 45, position: 1, place: 1, tested: 8 });
    expect(standingOf(heatUp, at(3, 28), peers)).toMatchObject({ place: 3, tested: 8 });
    expect(standingOf(heatUp, at(7, 45), peers)).toMatchObject({ place: 8, position: 0 });
  });

  it("places the value within the range, higher-is-better not flipped", () => {
    const standing = standingOf({ better: "higher", methodVersion: 1 }, at(1, 90, 1), [at(2, 80, 1), at(3, 100, 1)]);
    expect(standing).toEqual({ min: 80, max: 100, position: 0.5, place: 2, tested: 3 });
  });

  it("has no standing for a value under an older method", () => {
    expect(standingOf(heatUp, at(9, 12, 1), peers)).toBeNull();
  });

  it("shares a place between tied values", () => {
    expect(standingOf(heatUp, at(1, 30), [at(2, 30), at(3, 20)])).toMatchObject({ place: 2, tested: 3 });
  });
});

describe("standingText", () => {
  it("says the place in words", () => {
    expect(standingText({ place: 1, tested: 8, min: 1, max: 2 })).toBe("best of 8 tested");
    expect(standingText({ place: 3, tested: 8, min: 1, max: 2 })).toBe("3rd of 8 tested");
    expect(standingText({ place: 8, tested: 8, min: 1, max: 2 })).toBe("last of 8 tested");
    expect(standingText({ place: 1, tested: 1, min: 1, max: 1 })).toBe("the only one tested so far");
    expect(standingText({ place: 1, tested: 3, min: 5, max: 5 })).toBe("level with all 3 tested");
  });

  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ]);
  });
});
