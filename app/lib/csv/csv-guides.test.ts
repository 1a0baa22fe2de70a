import { describe, expect, it } from "vitest";
import { COLLECTION_CSV_GUIDE, helpSegments, OFFER_CSV_GUIDE, PRODUCT_CSV_GUIDE } from "./csv-guides";

describe("the CSV guides' help", () => {
  it("cuts a line into text, bold and code", () => {
    expect(helpSegments("**name**, **brand** and `[a, b]` here")).toEqual([
      { kind: "strong", text: "name" },
      { kind: "text", text: ", " },
      { kind: "strong", text: "brand" },
      { kind: "text", text: " and " },
      { kind: "code", text: "[a, b]" },
      { kind: "text", text: " here" },
    ]);
    expect(helpSegments('a quote inside is doubled: `"The ""Lakeside"""`.')).toEqual([
      { kind: "text", text: "a quote inside is doubled: " },
      { kind: "code", text: '"The ""Lakeside"""' },
      { kind: "text", text: "." },
    ]);
    expect(helpSegments("no markup")).toEqual([{ kind: "text", text: "no markup" }]);
  });

  it("states the CSV size limit the server holds the file to", () => {
    expect(PRODUCT_CSV_GUIDE.help.join(" ")).toContain("Up to 20 MB per file.");
  });

  it("leaves no markup unpaired in any line", () => {
    for (const line of [...PRODUCT_CSV_GUIDE.help, ...COLLECTION_CSV_GUIDE.help, ...OFFER_CSV_GUIDE.help]) {
      const plain = helpSegments(line).filter((segment) => segment.kind === "text");
      for (const segment of plain) expect(segment.text, line).not.toMatch(/\*\*|`/);
    }
  });
});
