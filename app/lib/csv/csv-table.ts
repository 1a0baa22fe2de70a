import Papa from "papaparse";
import { restoreFormulaCell } from "./csv-writer";
import { IMPORT_MESSAGES } from "./import-messages";

/**
 * CSV tokenising for the admin imports, the same in the browser (preview) and on the server
 * (save). papaparse does the quoting and doubled quotes; the few things it does not do the way
 * the imports need are done here first:
 *
 * - a byte-order mark is removed;
 * - CRLF, lone CR and LF all end a record, even mixed in one file (papaparse guesses ONE line
 *   ending from the first line and would glue the other style into a value);
 * - the delimiter is always a comma (no guessing on a one-column file);
 * - a cell the site's own CSV writer neutralised against spreadsheet formulas ('=…) gets its
 *   text back, so an export imports as exactly what was exported (ADR 0031).
 */

export function normalizeCsvText(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.replace(/\r\n?/g, "\n");
}

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  constructor(
    message: string,
    /** The record it is about, the header being 0. */
    readonly record: number,
    readonly reason: "unclosed-quote" | "record-too-long",
  ) {
    super(message);
  }
}

/** A quote that is opened and never closed swallows the rest of the file: refuse it. */
function fatalError(errors: Papa.ParseError[], recordOffset: number): CsvSyntaxError | null {
  const missing = errors.find((error) => error.code === "MissingQuotes");
  if (!missing) return null;
  // papaparse counts records from 0, header included; "row" in our messages is the data row.
  const row = (missing.row ?? 0) + recordOffset;
  return new CsvSyntaxError(
    row >= 1
      ? `Row ${row}: a quoted value is never closed (check for a missing ")`
      : `The header row has a quoted value that is never closed (check for a missing ")`,
    row,
    "unclosed-quote",
  );
}

const baseConfig = { delimiter: ",", newline: "\n", quoteChar: '"', escapeChar: '"', skipEmptyLines: false } as const;

/** Every record of the text, header first. Throws CsvSyntaxError on an unclosed quote. */
export function readCsvRecords(text: string): string[][] {
  const result = Papa.parse<string[]>(normalizeCsvText(text), { ...baseConfig });
  const error = fatalError(result.errors, 0);
  if (error) throw error;
  return restoreCells(result.data);
}

/** In place: 20,000 rows of 24 cells are not copied for a rare apostrophe. */
function restoreCells(records: string[][]): string[][] {
  for (const record of records) {
    for (let index = 0; index < record.length; index++) record[index] = restoreFormulaCell(record[index]!);
  }
  return records;
}

/** Nothing but a BOM and white space: the file holds no CSV at all. */
export function isEmptyCsvText(text: string): boolean {
  return text.replace(/^\ufeff/, "").trim() === "";
}

/** A whole file's records, or the message to show for an empty file or an unclosed quote. */
export function readCsvFile(text: string): { ok: true; records: string[][] } | { ok: false; error: string } {
  if (isEmptyCsvText(text)) return { ok: false, error: IMPORT_MESSAGES.emptyFile };
  try {
    return { ok: true, records: readCsvRecords(text) };
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

export interface ChunkedReadOptions {
  /** Characters per chunk; the browser repaints the progress bar between chunks. */
  chunkSize?: number;
  onRecords(records: string[][]): void;
  /** 0 to 1, after each chunk. */
  onProgress?(fraction: number): void;
  /** Lets the page breathe between chunks (e.g. a setTimeout 0). */
  pauseBetweenChunks?(): Promise<void>;
}

/**
 * The same records as readCsvRecords, delivered chunk by chunk so a 20 MB file can show its
 * parse progress. Rejects with CsvSyntaxError on an unclosed quote, or on a row still open after
 * MAX_RECORD_CHARS (the stream below: papaparse's own chunking parses the unfinished row again
 * with each chunk, which froze the tab for seconds on a file of one line).
 */
export async function readCsvRecordsInChunks(text: string, options: ChunkedReadOptions): Promise<void> {
  const chunkSize = options.chunkSize ?? 512 * 1024;
  const total = Math.max(text.length, 1);
  const records = createCsvRecordStream();
  for (let at = 0; at < text.length; at += chunkSize) {
    options.onRecords(records.push(text.slice(at, at + chunkSize)));
    options.onProgress?.(Math.min(1, (at + chunkSize) / total));
    if (options.pauseBetweenChunks && at + chunkSize < text.length) await options.pauseBetweenChunks();
  }
  options.onRecords(records.end());
  options.onProgress?.(1);
}

/**
 * The longest record the stream keeps waiting for. Each piece parses the unfinished record again
 * from its start, so without a bound a file that never ends its first line, or a quote opened
 * and never closed, cost time growing with the square of its size (20 MB of one line: 14 s).
 * No product, offer or report row comes near it.
 */
export const MAX_RECORD_CHARS = 1_000_000;
/** The same, as the messages write it. */
export const MAX_RECORD_TEXT = `${MAX_RECORD_CHARS.toLocaleString("en-US")} characters`;

/** The words for a record that is still open after MAX_RECORD_CHARS; `row` counts the header as 0. */
export function recordTooLongMessage(row: number): string {
  return row >= 1
    ? `Row ${row} runs on for more than ${MAX_RECORD_TEXT} (check for a missing " or for lost line breaks)`
    : `The header row runs on for more than ${MAX_RECORD_TEXT} (check that the file is a CSV with one row per line)`;
}

/**
 * The same records as readCsvRecords, for text that arrives in pieces (a file read from disk or
 * a request body): each push returns the records its text completes, and the unfinished last
 * record waits for the next piece, so a 30 MB file is never one string. Throws CsvSyntaxError on
 * an unclosed quote (from end, where the file is known to stop), and on a record still open after
 * MAX_RECORD_CHARS, which keeps the work linear in the file. A shop's feed gives its own
 * `delimiter` and keeps its cells as they are (`restoreFormulas: false`): only our own CSV writer
 * neutralises formulas.
 */
export function createCsvRecordStream(options: { delimiter?: string; restoreFormulas?: boolean } = {}) {
  const parser = new Papa.Parser({ ...baseConfig, delimiter: options.delimiter ?? baseConfig.delimiter });
  const restoreFormulas = options.restoreFormulas ?? true;
  let pending = "";
  /** Byte-order marks still to remove at the start: ours and the one papaparse removes from a whole string. */
  let marksLeft = 2;
  /** A piece that ended in CR: the LF that may follow belongs to the same line ending. */
  let endedInCr = false;
  let recordsSoFar = 0;

  function normalizedPiece(piece: string): string {
    let text = piece;
    while (marksLeft > 0 && text !== "") {
      if (text.charCodeAt(0) !== 0xfeff) marksLeft = 0;
      else {
        text = text.slice(1);
        marksLeft -= 1;
      }
    }
    if (text === "") return "";
    if (endedInCr && text.startsWith("\n")) text = text.slice(1);
    endedInCr = text.endsWith("\r");
    return text.replace(/\r\n?/g, "\n");
  }

  function parse(last: boolean): string[][] {
    const result = parser.parse(pending, 0, !last) as Papa.ParseResult<string[]>;
    const error = fatalError(result.errors, recordsSoFar);
    if (error) throw error;
    // The unfinished record waits for the next piece.
    pending = last ? "" : pending.slice(result.meta.cursor);
    recordsSoFar += result.data.length;
    if (pending.length > MAX_RECORD_CHARS) throw new CsvSyntaxError(recordTooLongMessage(recordsSoFar), recordsSoFar, "record-too-long");
    return restoreFormulas ? restoreCells(result.data) : result.data;
  }

  return {
    push(piece: string): string[][] {
      pending += normalizedPiece(piece);
      return parse(false);
    },
    end(): string[][] {
      return pending === "" ? [] : parse(true);
    },
  };
}

/**
 * A string of its own. A cell read by createCsvRecordStream can be a slice of the piece of text
 * it came from (V8 slices long substrings), and a cell kept for the whole file (a slug, a warning)
 * would keep every piece alive with it.
 */
export function ownString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A record that holds nothing but empty cells (a blank line, or ',,,' from a spreadsheet). */
export function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}
