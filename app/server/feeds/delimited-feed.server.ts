import { Readable } from "node:stream";
import Papa from "papaparse";

/**
 * A tab- or comma-separated feed, streamed through papaparse record by record (quoted values,
 * doubled quotes and line breaks inside quotes as spreadsheets write them).
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

export async function* delimitedRecords(chunks: AsyncIterable<string>, delimiter: string): AsyncGenerator<DelimitedRecord> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, quoteChar: '"', escapeChar: '"', skipEmptyLines: false });
  const input = Readable.from(chunks, { objectMode: false });
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, cells };
    }
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/** A blank line, or one of nothing but separators. */
export function isBlankCells(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}
