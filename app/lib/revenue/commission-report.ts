import { isBlankRecord, readCsvFile } from "../csv/csv-table";
import { presetForHeaders } from "./report-presets";

/**
 * A network's transactions export, read through the owner's column mapping (kept per network):
 * one commission per row, or the row's problem in plain words. All or nothing: a report with
 * one bad row is not saved (the preview lists every problem).
 */

export const COMMISSION_STATUSES = ["pending", "approved", "reversed"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** The fields the owner maps, with the form's words; status and currency may stay unmapped. */
export const MAPPED_FIELDS = [
  { key: "date", label: "Date", required: true },
  { key: "orderId", label: "Order ID", required: false },
  { key: "item", label: "Item (ASIN), for a report without order IDs", required: false },
  { key: "subId", label: "Sub-ID", required: true },
  { key: "sale", label: "Sale amount", required: true },
  { key: "commission", label: "Commission", required: true },
  { key: "currency", label: "Currency", required: false },
  { key: "status", label: "Status", required: false },
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number]["key"];

export interface ColumnMap {
  /** The report's header of each field; "" for an unmapped optional one. */
  columns: Record<MappedField, string>;
  /** ISO 4217, for a report without a currency column (or an empty cell in it). */
  defaultCurrency: string;
  /** A date written 03/04/2026 is the 3rd of April (true) or March 4th (false). */
  dayFirst: boolean;
}

export interface CommissionRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  orderId: string;
  /** As the report gives it; null when the cell is empty. */
  subId: string | null;
  /** Milliseconds since 1970, UTC. */
  orderedAt: number;
  saleHundredths: number;
  commissionHundredths: number;
  currency: string;
  status: CommissionStatus;
}

export type ReportReading = { ok: true; rows: CommissionRow[]; errors: string[] } | { ok: false; error: string };

/** The problems of a mapping against a report's headers, by field. */
export function mappingProblems(map: ColumnMap, headers: readonly string[]): Partial<Record<MappedField | "defaultCurrency", string>> {
  const problems: Partial<Record<MappedField | "defaultCurrency", string>> = {};
  for (const field of MAPPED_FIELDS) {
    const column = map.columns[field.key];
    if (column === "") {
      if (field.required) problems[field.key] = `Choose the column that holds the ${field.label.toLowerCase()}.`;
    } else if (!headers.includes(column)) {
      problems[field.key] = `This report has no column "${column}".`;
    }
  }
  // A report without order IDs (Amazon's: one line per item shipped) is keyed by its item lines.
  if (map.columns.orderId === "" && map.columns.item === "")
    problems.orderId = "Choose the column that holds the order ID (or, for a report without one, the item column).";
  if (!/^[A-Z]{3}$/.test(map.defaultCurrency)) problems.defaultCurrency = "Write a three-letter currency code, e.g. USD.";
  return problems;
}

/** Where each mapped field sits in a record; -1 for an unmapped optional one. */
type FieldIndex = Record<MappedField, number>;

/** Title lines a network writes above its header (Amazon writes one); more is not a report. */
export const MAX_LINES_ABOVE_HEADER = 10;

const cellsIn = (record: readonly string[]) => record.reduce((count, cell) => (cell.trim() === "" ? count : count + 1), 0);

/**
 * Finds the header among a report's first records: the first that fits the mapping (or, without
 * one, a known network's layout), skipping title lines above it. A report whose header fits
 * neither is taken at its first line of several cells, so the mapping step can name its columns.
 */
export interface HeaderFinder {
  /** The next record before the header: its headers when it is the header, else "more". */
  push(record: readonly string[]): { headers: string[] } | "more";
  /** Records ran out (or too many were above the header): the best candidate, or an error. */
  end(): { headers: string[] } | { error: string };
}

export function createHeaderFinder(map: ColumnMap | null): HeaderFinder {
  let candidate: string[] | null = null;
  let seen = 0;
  const fits = (headers: string[]) =>
    map ? Object.keys(mappingProblems({ ...map, defaultCurrency: "USD" }, headers)).length === 0 : presetForHeaders(headers) !== null;
  return {
    push(record) {
      if (isBlankRecord(record)) return "more";
      seen++;
      const headers = record.map((cell) => cell.trim());
      if (fits(headers)) return { headers };
      // A title line ("Fee-Earnings reports from … to …") holds a cell or two, never a header's many.
      if (candidate === null && cellsIn(record) >= 3) candidate = headers;
      if (seen > MAX_LINES_ABOVE_HEADER && candidate !== null) return { headers: candidate };
      return "more";
    },
    end() {
      return candidate ? { headers: candidate } : { error: "CSV file is empty" };
    },
  };
}

/** A totals line under the orders ("Total", "Totals", the German "Summe"): not an order. */
const TOTALS = /^(?:grand\s+)?totals?:?$|^summe:?$|^gesamt(?:summe)?:?$/i;
export function isTotalsRecord(record: readonly string[]): boolean {
  const first = record.find((cell) => cell.trim() !== "");
  return first !== undefined && TOTALS.test(first.trim());
}

/** An order's lines so far: its latest own line, and the correction lines added to it. */
interface OrderLines {
  row: CommissionRow | null;
  /** The first correction seen, for an order whose own line is not in this report. */
  correction: CommissionRow | null;
  saleAdjustment: number;
  commissionAdjustment: number;
}

/**
 * A report read record by record (from a file streamed in pieces, or a whole text): the header
 * first, then each record with its line. Orders are kept in a Map, so the cost is linear in the
 * rows. The same order on two lines is one order: a later ordinary line is its latest state, and a
 * correction line (negative sale or commission: a return, a cancelled item) is added to it, so a
 * fully returned order ends at nothing and reversed. A report without order IDs (one line per item
 * shipped) keys each line by its day, item, sub-ID, amount and its place among identical lines, so
 * the same report read again updates its lines rather than adding them twice.
 */
export interface ReportReader {
  /** The header record: its headers, or the mapping's problems in words. */
  header(record: readonly string[]): { ok: true; headers: string[] } | { ok: false; error: string };
  /** One record under the header; `line` is its line in the file. Totals lines are skipped. */
  record(record: readonly string[], line: number): void;
  /** Rows read so far (kept orders and lines in error). */
  readonly rowsRead: number;
  finish(): ReportReading;
}

/**
 * Cells read from a piece of a larger text can be slices that keep that whole piece alive;
 * kept cells are copied (see ownString in csv-table.ts). `keep` is that copy, or the identity.
 */
export function createReportReader(map: ColumnMap, keep: (cell: string) => string = (cell) => cell): ReportReader {
  let index: FieldIndex | null = null;
  const byOrder = new Map<string, OrderLines>();
  // Identical item lines so far, for the place of the next one among them.
  const itemLines = new Map<string, number>();
  const errors: string[] = [];
  let rowsRead = 0;
  return {
    header(record) {
      if (isBlankRecord(record)) return { ok: false, error: "CSV file is empty" };
      const headers = record.map((cell) => keep(cell.trim()));
      const problems = Object.values(mappingProblems(map, headers));
      if (problems.length > 0) return { ok: false, error: problems.join(" ") };
      const at = (field: MappedField) => (map.columns[field] === "" ? -1 : headers.indexOf(map.columns[field]));
      index = Object.fromEntries(MAPPED_FIELDS.map((field) => [field.key, at(field.key)])) as FieldIndex;
      return { ok: true, headers };
    },
    get rowsRead() {
      return rowsRead;
    },
    record(record, line) {
      if (!index || isBlankRecord(record) || isTotalsRecord(record)) return;
      rowsRead++;
      const read = readRow(record, line, index, map);
      if (typeof read === "string") {
        errors.push(read);
        return;
      }
      let orderId = read.orderId;
      if (orderId === "") {
        const same = `${new Date(read.orderedAt).toISOString().slice(0, 10)}|${read.item}|${read.subId ?? ""}|${read.saleHundredths}`;
        const place = (itemLines.get(same) ?? 0) + 1;
        itemLines.set(same, place);
        orderId = `${same}#${place}`;
      }
      const row: CommissionRow = {
        line: read.line,
        orderId: keep(orderId),
        subId: read.subId === null ? null : keep(read.subId),
        orderedAt: read.orderedAt,
        saleHundredths: read.saleHundredths,
        commissionHundredths: read.commissionHundredths,
        currency: keep(read.currency),
        status: read.status,
      };
      const lines = byOrder.get(row.orderId);
      if (row.saleHundredths < 0 || row.commissionHundredths < 0) {
        if (lines) {
          lines.saleAdjustment += row.saleHundredths;
          lines.commissionAdjustment += row.commissionHundredths;
          lines.correction ??= row;
        } else
          byOrder.set(row.orderId, {
            row: null,
            correction: row,
            saleAdjustment: row.saleHundredths,
            commissionAdjustment: row.commissionHundredths,
          });
        return;
      }
      // Deleted first, so the Map's order is each order's latest own line (as the file reads).
      byOrder.delete(row.orderId);
      byOrder.set(row.orderId, { ...(lines ?? { correction: null, saleAdjustment: 0, commissionAdjustment: 0 }), row });
    },
    finish() {
      if (!index) return { ok: false, error: "CSV file is empty" };
      if (byOrder.size === 0 && errors.length === 0)
        return { ok: false, error: "No orders found in the CSV: every row under the header is empty." };
      const rows: CommissionRow[] = [];
      for (const lines of byOrder.values()) rows.push(netted(lines));
      return { ok: true, rows, errors };
    },
  };
}

/** An order with its corrections added: nothing left (or less than nothing) is a reversed order. */
function netted({ row, correction, saleAdjustment, commissionAdjustment }: OrderLines): CommissionRow {
  const own = row ?? { ...correction!, saleHundredths: 0, commissionHundredths: 0 };
  const sale = own.saleHundredths + saleAdjustment;
  const commission = own.commissionHundredths + commissionAdjustment;
  const corrected = correction !== null;
  if (own.status === "reversed" || (corrected && commission <= 0))
    return { ...own, saleHundredths: Math.max(0, sale), commissionHundredths: 0, status: "reversed" };
  return { ...own, saleHundredths: Math.max(0, sale), commissionHundredths: commission };
}

/** One record as a commission (its item, for a report without order IDs), or its error in words ("Line 7: …"). */
function readRow(record: readonly string[], line: number, index: FieldIndex, map: ColumnMap): (CommissionRow & { item: string }) | string {
  const cell = (field: MappedField) => (index[field] === -1 ? "" : (record[index[field]] ?? "").trim());
  const rowErrors: string[] = [];
  const orderId = cell("orderId");
  const item = cell("item");
  if (index.orderId !== -1 && orderId === "") rowErrors.push("the order ID is empty");
  if (index.orderId === -1 && item === "") rowErrors.push("the item is empty");
  const orderedAt = readReportDate(cell("date"), map.dayFirst);
  if (orderedAt === null) rowErrors.push(`"${cell("date")}" is not a date (write 2026-11-20, or as the mapping says)`);
  const sale = readAmount(cell("sale"));
  if (sale === null) rowErrors.push(`the sale amount "${cell("sale")}" is not a number`);
  const commission = readAmount(cell("commission"));
  if (commission === null) rowErrors.push(`the commission "${cell("commission")}" is not a number`);
  const currency = (cell("currency") || map.defaultCurrency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) rowErrors.push(`"${currency}" is not a three-letter currency code`);
  // A report without a status column: its lines are final when the network only reports what it pays (Amazon's items shipped).
  const status = index.status === -1 ? (index.orderId === -1 ? "approved" : "pending") : readStatus(cell("status"));
  if (status === null)
    rowErrors.push(`the status "${cell("status")}" is not one we know (pending, approved or reversed, or the network's word for one)`);
  if (rowErrors.length > 0) return `Line ${line}: ${rowErrors.join("; ")}.`;
  const subId = cell("subId");
  return {
    line,
    orderId: index.orderId === -1 ? "" : orderId,
    item,
    subId: subId === "" ? null : subId,
    orderedAt: orderedAt!,
    saleHundredths: sale!,
    commissionHundredths: commission!,
    currency,
    status: status!,
  };
}

/** Reads every row of a report held whole with its mapping; each bad row is one error naming its line. */
export function readCommissionReport(text: string, map: ColumnMap): ReportReading {
  const file = readCsvFile(text);
  if (!file.ok) return file;
  const finder = createHeaderFinder(map);
  let at = 0;
  let found: { headers: string[] } | { error: string } | null = null;
  for (; at < file.records.length && found === null; at++) {
    const pushed = finder.push(file.records[at]!);
    if (pushed !== "more") found = pushed;
  }
  found ??= finder.end();
  if ("error" in found) return { ok: false, error: found.error };
  // A header that does not fit the mapping is refused here, so the lines read past it never matter.
  const reader = createReportReader(map);
  const headers = reader.header(found.headers);
  if (!headers.ok) return headers;
  for (let position = at; position < file.records.length; position++) reader.record(file.records[position]!, position + 1);
  return reader.finish();
}

/** The networks' words for each state. */
const STATUS_WORDS: Record<string, CommissionStatus> = {
  pending: "pending",
  open: "pending",
  new: "pending",
  extended: "pending",
  unconfirmed: "pending",
  "awaiting approval": "pending",
  // CJ, ShareASale and Impact lock an action once it can no longer be reversed; CJ closes it once paid.
  locked: "approved",
  approved: "approved",
  confirmed: "approved",
  paid: "approved",
  closed: "approved",
  completed: "approved",
  shipped: "approved",
  reversed: "reversed",
  reversal: "reversed",
  declined: "reversed",
  rejected: "reversed",
  deleted: "reversed",
  voided: "reversed",
  void: "reversed",
  cancelled: "reversed",
  canceled: "reversed",
  returned: "reversed",
  refunded: "reversed",
};

export function readStatus(text: string): CommissionStatus | null {
  return STATUS_WORDS[text.trim().toLowerCase()] ?? null;
}

/**
 * An amount in hundredths: "1,234.56", "$12.50", "€ 12,50", "-3", "1.234,56". A comma with one
 * or two digits after it and no point is a decimal comma; otherwise the last of point and comma is.
 */
export function readAmount(text: string): number | null {
  let value = text.replace(/[\s\u00a0]|[A-Za-z$€£¥]/g, "");
  const negative = /^\(.*\)$/.test(value) || value.startsWith("-");
  value = value.replace(/^[(-]+|\)$/g, "");
  if (value === "" || !/^[\d.,]+$/.test(value)) return null;
  const lastPoint = value.lastIndexOf(".");
  const lastComma = value.lastIndexOf(",");
  const decimalAt =
    lastPoint !== -1 && lastComma !== -1
      ? Math.max(lastPoint, lastComma)
      : lastComma !== -1 && /,\d{1,2}$/.test(value)
        ? lastComma
        : lastPoint !== -1 && !/^\d{1,3}(?:\.\d{3})+$/.test(value)
          ? lastPoint
          : -1;
  const whole = (decimalAt === -1 ? value : value.slice(0, decimalAt)).replace(/[.,]/g, "");
  const fraction = decimalAt === -1 ? "" : value.slice(decimalAt + 1);
  if (whole === "" && fraction === "") return null;
  if (!/^\d*$/.test(fraction)) return null;
  const hundredths = Number(whole || "0") * 100 + Math.round(Number(`0.${fraction || "0"}`) * 100);
  return negative ? -hundredths : hundredths;
}

/** A report's date or date and time, taken as UTC: ISO 8601, or 20/11/2026 and 11/20/2026 (by `dayFirst`), times optional. */
export function readReportDate(text: string, dayFirst: boolean): number | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (iso) {
    const [, y, m, d, hh = "00", mm = "00", ss = "00", zone] = iso;
    const offset = zone && zone !== "Z" ? zone.replace(/(\d{2})(\d{2})$/, "$1:$2") : "Z";
    return validDate(Date.parse(`${y}-${m}-${d}T${hh}:${mm}:${ss}${offset}`), Number(m), Number(d));
  }
  const slashed = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!slashed) return null;
  const [, a, b, y, hh = "0", mm = "00", ss = "00"] = slashed;
  const [d, m] = dayFirst ? [a!, b!] : [b!, a!];
  const pad = (part: string) => part.padStart(2, "0");
  return validDate(Date.parse(`${y}-${pad(m)}-${pad(d)}T${pad(hh)}:${mm}:${ss}Z`), Number(m), Number(d));
}

function validDate(ms: number, month: number, day: number): number | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  // Date.parse rolls 2026-02-30 over to March; such a date is refused, not moved. (A zone offset can move the day: checked loosely.)
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && Math.abs(date.getUTCDate() - day) <= 1 ? ms : null;
}

/** A network's mapping as stored (JSON), or null when it is not one. */
export function parseColumnMap(json: string): ColumnMap | null {
  try {
    const value = JSON.parse(json) as Partial<ColumnMap>;
    if (!value || typeof value !== "object" || !value.columns || typeof value.defaultCurrency !== "string") return null;
    const columns = Object.fromEntries(MAPPED_FIELDS.map((field) => [field.key, String(value.columns?.[field.key] ?? "")])) as Record<
      MappedField,
      string
    >;
    return { columns, defaultCurrency: value.defaultCurrency, dayFirst: value.dayFirst === true };
  } catch {
    return null;
  }
}

/**
 * A first guess of the mapping from a report's headers (Awin, Amazon, CJ, Impact, ShareASale and
 * Rakuten name their columns alike), for the owner to check once.
 */
export function guessColumnMap(headers: readonly string[]): ColumnMap {
  const find = (...patterns: RegExp[]) => {
    for (const pattern of patterns) {
      const hit = headers.find((header) => pattern.test(header));
      if (hit !== undefined) return hit;
    }
    return "";
  };
  return {
    columns: {
      date: find(/^(transaction|order|event|click)?[ _]?date/i, /date/i),
      orderId: find(/order[ _]?(id|ref|number)/i, /^oid$/i, /^(trans|transaction|action)[ _]?id$/i, /^id$/i),
      item: find(/^asin$/i),
      subId: find(/click[ _-]?ref/i, /ascsubtag|sub[ _-]?tag/i, /sub[ _-]?id/i, /^sid$/i, /afftrack/i, /^u1$/i),
      sale: find(/sale[ _]?amount/i, /order[ _]?(amount|value|total)/i, /revenue|price|sales/i),
      commission: find(/commission[ _]?amount/i, /commission|earnings|payout/i),
      currency: find(/currency/i),
      status: find(/status|state/i),
    },
    defaultCurrency: "USD",
    dayFirst: headers.some((header) => /click[ _-]?ref/i.test(header)),
  };
}
