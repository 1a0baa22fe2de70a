import { describe, expect, it } from "vitest";
import { emptyHeaderMessage, tablesWithEmptyHeaders } from "./article-tables";

const COMPARISON = [
  "## Side-by-side comparison",
  "",
  "| | Traditional Finnish | Infrared |",
  "|---|---|---|",
  "| Warm-up | 30-60 min | 10-20 min |",
].join("\n");

describe("tablesWithEmptyHeaders", () => {
  it("finds a header row with an empty cell, naming the table by number and heading", () => {
    expect(tablesWithEmptyHeaders(COMPARISON)).toEqual([{ number: 1, heading: "Side-by-side comparison", columns: [1] }]);
  });

  it("passes tables whose every column is named, and counts them to number the next", () => {
    const body = [
      "| Size | Seats |",
      "|:--|--:|",
      "| 4 ft | 2 |",
      "",
      "## Costs",
      "",
      "Size | &nbsp; | **  **",
      "--- | --- | ---",
      "4 ft | a | b",
    ].join("\n");
    expect(tablesWithEmptyHeaders(body)).toEqual([{ number: 2, heading: "Costs", columns: [2, 3] }]);
    expect(tablesWithEmptyHeaders(COMPARISON.replace("| | Trad", "| Feature | Trad"))).toEqual([]);
  });

  it("ignores tables in code blocks, rows without a delimiter row, and escaped pipes", () => {
    const body = ["```", "| | a |", "|---|---|", "```", "", "| not | a table |", "", "| a \\| b | c |", "|---|---|"].join("\n");
    expect(tablesWithEmptyHeaders(body)).toEqual([]);
  });
});

describe("emptyHeaderMessage", () => {
  it("names the table and the columns, and says what to do", () => {
    expect(emptyHeaderMessage({ number: 1, heading: "Side-by-side comparison", columns: [1] })).toBe(
      "Table 1 (under “Side-by-side comparison”) has an empty header in column 1: name every column (e.g. “Feature”), so screen readers can announce it.",
    );
    expect(emptyHeaderMessage({ number: 3, heading: null, columns: [2, 3, 5] })).toBe(
      "Table 3 has an empty header in columns 2, 3 and 5: name every column (e.g. “Feature”), so screen readers can announce it.",
    );
  });
});
