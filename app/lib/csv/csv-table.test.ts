import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCsvRecordStream, CsvSyntaxError, MAX_RECORD_CHARS, readCsvRecords, recordTooLongMessage } from "./csv-table";

/** The records of a text fed to the stream cut at the given places. */
function streamed(text: string, cuts: readonly number[]): string[][] {
  const stream = createCsvRecordStream();
  const records: string[][] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    records.push(...stream.push(text.slice(from, cut)));
    from = cut;
  }
  records.push(...stream.push(text.slice(from)), ...stream.end());
  return records;
}

/** The whole-text reader's records less a trailing empty one (a file's last line ending). */
function whole(text: string): string[][] {
  const records = readCsvRecords(text);
  const last = records.at(-1);
  if (last && last.length === 1 && last[0] === "") records.pop();
  return records;
}

describe("reading CSV text that arrives in pieces", () => {
  it("gives the records the whole text gives, wherever the pieces are cut", () => {
    const cell = fc.oneof(fc.constantFrom("", "a", '"', ",", "\n", "\r", "\r\n", "'=x", "\ufeff"), fc.string({ maxLength: 4 }));
    const text = fc
      .array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 })
      .map((rows) =>
        rows.map((row) => row.map((value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)).join(",")).join("\r\n"),
      );
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 5 }), fc.boolean(), (csv, at, bom) => {
        const file = (bom ? "\ufeff" : "") + csv;
        expect(
          streamed(
            file,
            at.map((n) => n % (file.length + 1)),
          ),
        ).toEqual(whole(file));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a CR LF cut between two pieces one line ending", () => {
    expect(streamed("a,b\r\nc,d", [4])).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("refuses a quote never closed, naming its row, once the text ends", () => {
    const stream = createCsvRecordStream();
    expect(stream.push('name\nA\n"Broken\nC\n')).toEqual([["name"], ["A"]]);
    expect(() => stream.end()).toThrow(CsvSyntaxError);
    expect(() => createCsvRecordStream().end()).not.toThrow();
    const again = createCsvRecordStream();
    again.push('name\nA\n"Broken\nC\n');
    expect(() => again.end()).toThrow("Row 2: a quoted value is never closed");
  });

  /** Pushes `text` in pieces of 64 KB, as a file is read; the records, or what was thrown and after how many characters. */
  function pushInPieces(text: string) {
    const stream = createCsvRecordStream();
    const records: string[][] = [];
    let at = 0;
    try {
      for (; at < text.length; at += 64 * 1024) records.push(...stream.push(text.slice(at, at + 64 * 1024)));
      records.push(...stream.end());
      return { records, error: null, at };
    } catch (error) {
      return { records, error: (error as Error).message, at };
    }
  }

  it("reads a record just under its length limit whole, line breaks inside its quotes and all", () => {
    const long = "line\n".repeat((MAX_RECORD_CHARS - 100) / 5);
    const read = pushInPieces(`name,notes\nA,"${long}"\nB,short\n`);
    expect(read.error).toBeNull();
    expect(read.records).toEqual([
      ["name", "notes"],
      ["A", long],
      ["B", "short"],
    ]);
  });

  it("refuses a record still open past the limit as soon as it passes it, naming its row", () => {
    // The largest file an import takes (20 MB), all one line: refused within the first 1.1 MB.
    const oneLine = pushInPieces("x".repeat(20 * 1024 * 1024));
    expect(oneLine.error).toBe(recordTooLongMessage(0));
    expect(oneLine.error).toBe(
      "The header row runs on for more than 1,000,000 characters (check that the file is a CSV with one row per line)",
    );
    expect(oneLine.at).toBeLessThan(MAX_RECORD_CHARS + 128 * 1024);
    // A quote opened on row 2 and never closed, with 20 MB of rows after it.
    const unclosed = pushInPieces(`name\nA\n"Broken\n${"C\n".repeat(10 * 1024 * 1024)}`);
    expect(unclosed.records).toEqual([["name"], ["A"]]);
    expect(unclosed.error).toBe('Row 2 runs on for more than 1,000,000 characters (check for a missing " or for lost line breaks)');
  });
});
