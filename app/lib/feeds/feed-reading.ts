import { decimalMarkOf, type DecimalMark } from "./feed-amounts";
import { fieldsOf, mappedColumns } from "./feed-columns";
import type { FeedColumnMapping } from "./feed-item";
import { readFeedRow } from "./feed-row";
import { formatFeedAmount } from "./feed-values";
import { availabilityText } from "../offers/where-to-buy";

/**
 * How the mapping screen's first rows read under a mapping, before anything runs: the decimal
 * separator decided from the rows' prices, and each row's price in its currency and its stock, or
 * why it cannot be used. The owner sees "14.990,00 EUR → €14,990.00" beside the file's own text,
 * so a wrong currency or separator shows before a run writes a price.
 */

export interface FeedReadingRow {
  line: number;
  id: string | null;
  /** What the file says, price cell as written. */
  written: string;
  /** "€14,990.00 · In stock", or the reason the row would be rejected. */
  read: string;
  ok: boolean;
}

export interface FeedReading {
  /** "Prices are read with a decimal comma (14.990,00)."; or what the owner must choose first. */
  note: string;
  ok: boolean;
  rows: FeedReadingRow[];
}

const MARK_WORDS: Record<DecimalMark, string> = { ",": "a decimal comma (14.990,00)", ".": "a decimal point (14,990.00)" };

export function feedReading(
  columns: readonly string[],
  sample: readonly (readonly string[])[],
  mapping: FeedColumnMapping,
  feed: { currency: string | null; decimalMark: DecimalMark | null },
): FeedReading | null {
  const mapped = mappedColumns(columns, mapping);
  if (!mapped.ok) return null;
  const rows = sample.map((record) => fieldsOf(record, mapped.index));
  let mark = feed.decimalMark;
  let note = mark ? `Prices are read with ${MARK_WORDS[mark]}, as the feed is set.` : "";
  if (!mark) {
    const decided = decimalMarkOf(rows.map((fields) => fields.price ?? ""));
    if (!decided.ok) return { note: decided.message, ok: false, rows: [] };
    mark = decided.mark;
    note = decided.evidence > 0 ? `Prices are read with ${MARK_WORDS[mark]}, as these rows write them.` : "Prices are whole amounts.";
  }
  return {
    note,
    ok: true,
    rows: rows.map((fields, index) => {
      // The header is row 1, as a spreadsheet counts.
      const line = index + 2;
      const row = readFeedRow(fields, line, { defaultCurrency: feed.currency, decimalMark: mark });
      const written = [fields.price, fields.currency].filter((part) => part && part.trim() !== "").join(" ");
      return row.ok
        ? {
            line,
            id: row.item.id,
            written,
            read: `${formatFeedAmount(row.item.priceMinor, row.item.currency)} (${row.item.currency}) · ${availabilityText(row.item.availability)}`,
            ok: true,
          }
        : { line, id: row.itemId, written, read: row.reason, ok: false };
    }),
  };
}
