import { createCsvRecordStream, CsvSyntaxError, MAX_RECORD_TEXT } from "~/lib/csv/csv-table";
import { FeedError } from "~/lib/feeds/feed-error";

/**
 * A tab- or comma-separated feed, read record by record as its text arrives (quoted values,
 * doubled quotes and line breaks inside quotes as spreadsheets write them). A record still open
 * after MAX_RECORD_CHARS ends the read, so the work stays linear in the feed whatever it holds
 * (papaparse's own stream parsed the unfinished record again with every piece: a 20 MB feed of
 * one line took 11 s, and feeds may be 200 MB).
 */

export interface DelimitedRecord {
  /** The record's number, the header being 1, as a spreadsheet numbers its rows. */
  row: number;
  cells: string[];
}

/** Tab when the header has one (Google's TSV), else semicolon when it has more of those than commas (European spreadsheets), else comma. */
export function delimiterOf(headerLine: string): "\t" | ";" | "," {
  if (headerLine.includes("\t")) return "\t";
  const count = (mark: string) => headerLine.split(mark).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** The words for a quote never closed, or a record that never ends; `row` as a spreadsheet numbers it. */
export function unreadableFeedMessage(row: number, reason: CsvSyntaxError["reason"]): string {
  if (reason === "unclosed-quote")
    return `Row ${row} has a quoted value that is never closed (a " without its pair), so the rows after it cannot be told apart and nothing was read. The file needs fixing.`;
  return row === 1
    ? `The first row runs on for more than ${MAX_RECORD_TEXT}: this is not a CSV or TSV feed with one row per line, so nothing was read.`
    : `Row ${row} runs on for more than ${MAX_RECORD_TEXT} (a " without its pair, or lost line breaks?), so nothing was read. The file needs fixing.`;
}

export async function* delimitedRecords(chunks: AsyncIterable<string>, delimiter: string): AsyncGenerator<DelimitedRecord> {
  const records = createCsvRecordStream({ delimiter, restoreFormulas: false });
  const read = (next: () => string[][]) => {
    try {
      return next();
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      const code = error.reason === "record-too-long" ? "row-too-long" : "not-a-feed";
      throw new FeedError(code, unreadableFeedMessage(error.record + 1, error.reason));
    }
  };
  let row = 0;
  for await (const chunk of chunks) {
    for (const cells of read(() => records.push(chunk))) yield { row: ++row, cells };
  }
  for (const cells of read(() => records.end())) yield { row: ++row, cells };
}

/** A blank line, or one of nothing but separators. */
export function isBlankCells(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}
