import { describe, expect, it } from "vitest";
import { formatDecimal } from "./number-text";

describe("numbers as en-US text", () => {
  it("groups thousands and rounds as the pages print prices and weights", () => {
    expect(formatDecimal(12499)).toBe("12,499");
    expect(formatDecimal(9999.99, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe("9,999.99");
    expect(formatDecimal(1950, { maximumFractionDigits: 2 })).toBe("1,950");
    expect(formatDecimal(1950.5, { maximumFractionDigits: 2 })).toBe("1,950.5");
    expect(formatDecimal(999.999, { maximumFractionDigits: 2 })).toBe("1,000");
    expect(formatDecimal(0.5)).toBe("1");
    expect(formatDecimal(1234567.891, { maximumFractionDigits: 1 })).toBe("1,234,567.9");
    expect(formatDecimal(-1234.5, { maximumFractionDigits: 2 })).toBe("-1,234.5");
  });

  it("prints what Intl.NumberFormat('en-US') prints, over many values", () => {
    const formats = [
      { minimumFractionDigits: 0, maximumFractionDigits: 0 },
      { minimumFractionDigits: 0, maximumFractionDigits: 2 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (const options of formats) {
      const intl = new Intl.NumberFormat("en-US", options);
      for (let i = 0; i < 2000; i++) {
        const magnitude = 10 ** Math.floor(random() * 8);
        const value = (Math.round(random() * magnitude * 1000) / 1000) * (random() < 0.2 ? -1 : 1);
        expect(formatDecimal(value, options), `${value}`).toBe(intl.format(value));
      }
    }
  });
});
