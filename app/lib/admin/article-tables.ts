/**
 * The tables in an article's Markdown whose header row has an empty cell. A header cell names its
 * column for a screen reader (axe's empty-table-header rule): an empty one leaves that column
 * unnamed, so an article with one is not published. Each table is named the way an editor finds
 * it: its number in the article and the heading it sits under.
 */

export interface EmptyHeaderTable {
  /** 1 for the article's first table. */
  number: number;
  /** The nearest heading above it, or null when none. */
  heading: string | null;
  /** 1-based columns whose header is empty. */
  columns: number[];
}

const DELIMITER_CELL = /^\s*:?-+:?\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** The cells of a table row, split on pipes that are not escaped, without the outer pipes. */
function cells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith("|")) text = text.slice(1);
  if (text.endsWith("|") && !text.endsWith("\\|")) text = text.slice(0, -1);
  return text.split(/(?<!\\)\|/);
}

function isDelimiterRow(line: string): boolean {
  if (!line.includes("-") || !/^[\s|:-]+$/.test(line)) return false;
  return cells(line).every((cell) => DELIMITER_CELL.test(cell));
}

/** Whether a header cell says nothing: empty, or only spaces, &nbsp; or emphasis marks. */
function isEmptyCell(cell: string): boolean {
  return cell.replace(/&nbsp;|&#160;/gi, "").replace(/[*_`\s]/g, "") === "";
}

export function tablesWithEmptyHeaders(markdown: string): EmptyHeaderTable[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const found: EmptyHeaderTable[] = [];
  let fence: string | null = null;
  let heading: string | null = null;
  let tables = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark && (fence === null || fenceMark.startsWith(fence))) {
      fence = fence === null ? fenceMark[0]!.repeat(3) : null;
      continue;
    }
    if (fence !== null) continue;
    const title = HEADING.exec(line)?.[1];
    if (title) heading = title.replace(/[*_`]/g, "").trim() || heading;
    const next = lines[i + 1];
    if (!line.includes("|") || next === undefined || !isDelimiterRow(next)) continue;
    const header = cells(line);
    if (header.length !== cells(next).length) continue;
    tables += 1;
    const columns = header.flatMap((cell, index) => (isEmptyCell(cell) ? [index + 1] : []));
    if (columns.length > 0) found.push({ number: tables, heading, columns });
    i += 1;
  }
  return found;
}

/** What the editor says about one such table: which table, which column, and what to do. */
export function emptyHeaderMessage(table: EmptyHeaderTable): string {
  const where = table.heading ? `Table ${table.number} (under “${table.heading}”)` : `Table ${table.number}`;
  const which =
    table.columns.length === 1
      ? `column ${table.columns[0]}`
      : `columns ${table.columns.slice(0, -1).join(", ")} and ${table.columns.at(-1)}`;
  return `${where} has an empty header in ${which}: name every column (e.g. “Feature”), so screen readers can announce it.`;
}
