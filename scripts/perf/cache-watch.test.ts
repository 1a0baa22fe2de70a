import { describe, expect, it } from "vitest";
import { settledFrom } from "./cache-watch";

const second = (n: number, responses: number, hits: number) => ({ second: n, responses, hits, withText: 0 });

describe("settledFrom", () => {
  it("is the first second from which every second to the end had enough hits", () => {
    expect(settledFrom([second(0, 10, 0), second(1, 100, 96), second(2, 100, 90), second(3, 100, 95), second(4, 50, 50)], 0.95)).toBe(3);
  });

  it("counts a second without responses as not settled", () => {
    expect(settledFrom([second(0, 100, 100), second(1, 0, 0), second(2, 100, 100)], 0.95)).toBe(2);
  });

  it("is undefined when the last second fell short", () => {
    expect(settledFrom([second(0, 100, 100), second(1, 100, 10)], 0.95)).toBeUndefined();
    expect(settledFrom([], 0.95)).toBeUndefined();
  });
});
