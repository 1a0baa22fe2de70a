/**
 * Every CSV the site writes (catalog exports, subscribers, clicks) goes through here, so each
 * one is safe to open in a spreadsheet and reads back through the importer unchanged (ADR 0031).
 *
 * A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (CSV injection). Such a cell is written with a leading apostrophe, which spreadsheets show as
 * text. So that the apostrophe is never ambiguous, a cell that already starts with apostrophes
 * followed by one of those characters gets one more; the importer removes exactly one from any
 * cell of that shape (restoreFormulaCell), so writing then reading gives back the original text.
 */

const NEUTRALISED_START = /^'*[=+\-@\t\r]/;
const RESTORABLE = /^'+[=+\-@\t\r]/;

/** One cell, formula-safe and always quoted (a doubled quote inside). */
export function formulaSafeCsvCell(value: string): string {
  const neutral = NEUTRALISED_START.test(value) ? `'${value}` : value;
  return `"${neutral.replace(/"/g, '""')}"`;
}

/** One record with its CRLF ending (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return cells.map(formulaSafeCsvCell).join(",") + "\r\n";
}

/** The importer's half: the text a cell had before formulaSafeCsvCell neutralised it. */
export function restoreFormulaCell(cell: string): string {
  // Checked by first character first: this runs on every cell of a 20,000-row import.
  return cell.charCodeAt(0) === 39 && RESTORABLE.test(cell) ? cell.slice(1) : cell;
}
