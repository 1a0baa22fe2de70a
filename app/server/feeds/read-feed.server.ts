import type { LookupFunction } from "node:net";
import { decimalMarkOf, DECIMAL_SAMPLE, type DecimalMark } from "~/lib/feeds/feed-amounts";
import { fieldsOf, googleColumns, mappedColumns, type ColumnIndex } from "~/lib/feeds/feed-columns";
import { currencyNamedIn } from "~/lib/feeds/feed-price";
import { FEED_TIMEOUT_MS, FeedError } from "~/lib/feeds/feed-error";
import type { FeedColumnMapping, FeedFormat, FeedRow, RawFeedFields } from "~/lib/feeds/feed-item";
import { readFeedRow } from "~/lib/feeds/feed-row";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { FEED_MAX_BYTES } from "~/lib/admin/upload-limits";
import { MAX_RECORD_TEXT } from "~/lib/csv/csv-table";
import type { AppConfig } from "../config.server";
import { STRICT_OUTBOUND_POLICY, type OutboundPolicy } from "../outbound/outbound-policy.server";
import { delimitedRecords, delimiterOf, isBlankCells, unreadableFeedMessage } from "./delimited-feed.server";
import { feedErrorOf, openFeedBytes, type FeedSource, type FeedSourceSettings } from "./feed-source.server";
import { feedText, type FeedText } from "./feed-text.server";
import { xmlFeedRecords } from "./xml-feed.server";

/**
 * Reading a merchant's product feed (docs/decisions/0061-reading-merchant-feeds.md): open it
 * (a shop's address through the guarded client, or an uploaded file), tell its format from its
 * first bytes, and stream its items as rows, each read or rejected with a reason. Whatever makes
 * the whole feed untrustworthy (unreachable, too large, broken or hostile XML, two currencies)
 * throws a FeedError, also mid-stream: the caller saves nothing from a run that threw.
 */

export { FeedError, FEED_TIMEOUT_MS } from "~/lib/feeds/feed-error";
export type { FeedErrorCode } from "~/lib/feeds/feed-error";
export type { FeedSource } from "./feed-source.server";

export interface ReadFeedOptions {
  /** Undefined: told from the first bytes (XML or delimited; the header's names decide google-tsv or a mapping). */
  format?: FeedFormat;
  /** Required for csv-mapped; given without a format, the file is read through it. */
  mapping?: FeedColumnMapping;
  /** After unpacking; default FEED_MAX_BYTES (200 MB; the site passes FEED_MAX_MB's). */
  maxBytes?: number;
  /** A URL's whole download, redirects and body; default 60 s. */
  timeoutMs?: number;
  /**
   * For prices written without a currency: the feed's own currency, as its owner set it. Never
   * the site's: a price is stored in the currency it was given in, not relabelled.
   */
  defaultCurrency?: string;
  /** The feed's decimal separator as its owner set it; absent: decided from a mapped file's first prices. */
  decimalMark?: DecimalMark;
  signal?: AbortSignal;
  /** Which internal ranges and ports a feed's address may reach; default none and 80/443 (pass the config's). */
  outbound?: OutboundPolicy;
  userAgent?: string;
  /** Name resolution; tests inject one so a name resolves to a local stand-in. */
  lookup?: LookupFunction;
}

export type FeedFetchOptions = Pick<ReadFeedOptions, "maxBytes" | "timeoutMs" | "signal" | "outbound" | "userAgent" | "lookup">;

/**
 * The site's own settings for reading feeds: its size cap (FEED_MAX_MB), where its requests may
 * go (OUTBOUND_ALLOW_*), and a User-Agent that
 * names the site to the shop, as the link checker's does.
 */
export function feedReadSettingsFrom(config: AppConfig): Required<Pick<ReadFeedOptions, "maxBytes" | "outbound" | "userAgent">> {
  return {
    maxBytes: config.feedMaxBytes,
    outbound: config.outbound,
    userAgent: `Mozilla/5.0 (compatible; ${SITE_NAME} feed reader; +${config.baseUrl})`,
  };
}

function sourceSettings(options: FeedFetchOptions): FeedSourceSettings {
  return {
    maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
    outbound: options.outbound ?? STRICT_OUTBOUND_POLICY,
    userAgent: options.userAgent,
    lookup: options.lookup,
    signal: options.signal,
  };
}

type Shape = { kind: "xml" } | { kind: "delimited"; delimiter: string };

function quotedStart(head: string): string {
  const start = head.trimStart().slice(0, 30).replace(/\s+/g, " ");
  return JSON.stringify(start);
}

/** XML or delimited, from the opening text; the format the owner chose must agree with it. */
function shapeOf(head: string, format: FeedFormat | undefined): Shape {
  const start = head.trimStart();
  if (start === "") throw new FeedError("empty", "The feed is empty: it holds no items, so nothing changed.");
  if (start.slice(0, 2048).includes("\u0000")) {
    throw new FeedError(
      "not-a-feed",
      "The file is not a product feed: it holds binary data, not text (a spreadsheet file? save it as CSV or TSV).",
    );
  }
  if (start.startsWith("<")) {
    if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html)\b/i.test(start)) {
      throw new FeedError(
        "not-a-feed",
        "The address answered with a web page, not a product feed. Check the feed's address with the shop.",
      );
    }
    if (format !== undefined && format !== "google-xml") {
      throw new FeedError("not-a-feed", "The feed is set to be a CSV or TSV file, but it is XML. Choose Google XML as its format.");
    }
    return { kind: "xml" };
  }
  if (format === "google-xml") {
    throw new FeedError("not-a-feed", `The feed is set to be Google XML, but it is not XML (it starts ${quotedStart(head)}).`);
  }
  const headerLine = start.split(/\r?\n/, 1)[0]!;
  return { kind: "delimited", delimiter: delimiterOf(headerLine) };
}

function needsMapping(header: readonly string[]): FeedError {
  return new FeedError(
    "needs-mapping",
    `The file's columns are not Google's attribute names (it needs at least id and price). Pick once which of its columns holds each field; the feed keeps that mapping. Its columns: ${header.map((name) => `"${name}"`).join(", ")}.`,
  );
}

function usesMapping(options: ReadFeedOptions): boolean {
  return options.format === "csv-mapped" || (options.format === undefined && options.mapping !== undefined);
}

/** The header's columns under the format and mapping the feed has. */
function columnsFor(header: readonly string[], options: ReadFeedOptions): ColumnIndex {
  if (usesMapping(options)) {
    if (!options.mapping) throw needsMapping(header);
    const mapped = mappedColumns(header, options.mapping);
    if (!mapped.ok) throw new FeedError("bad-mapping", mapped.reason);
    return mapped.index;
  }
  const google = googleColumns(header);
  if (!google) throw needsMapping(header);
  return google;
}

/** The question a mapped feed without any currency is stopped with, in the owner's words. */
export const CURRENCY_QUESTION = "Which currency are these prices in?";

/**
 * How a mapped file's amounts are read, decided once from its first price cells: its decimal
 * mark (the owner's setting, else the cells'), and that every price has a currency (written in
 * the cell, a currency column, or the feed's own). Either unknown stops the run before a row is
 * read: a guess would store wrong prices.
 */
export function mappedReading(
  priceCells: readonly string[],
  options: Pick<ReadFeedOptions, "decimalMark" | "defaultCurrency">,
  hasCurrencyColumn: boolean,
): DecimalMark {
  if (!hasCurrencyColumn && !options.defaultCurrency) {
    const bare = priceCells.find((cell) => cell.trim() !== "" && currencyNamedIn(cell) === null);
    if (bare !== undefined) {
      throw new FeedError(
        "needs-currency",
        `${CURRENCY_QUESTION} Prices like ${JSON.stringify(bare.trim())} name no currency and the column mapping has no currency column. Set the feed's currency (prices are kept in it, never converted), or map the column that holds it.`,
      );
    }
  }
  if (options.decimalMark) return options.decimalMark;
  const reading = decimalMarkOf(priceCells);
  if (!reading.ok) throw new FeedError("needs-decimal-mark", reading.message);
  return reading.mark;
}

/** Rows kept in memory while a mapped file's first prices are looked at: a file of empty prices must not fill it. */
const DECIDE_MAX_ROWS = 1000;

/** One item's fields where it starts; `unreadable` says why its values cannot be used, when that shows before reading them. */
interface SourceRecord {
  line: number;
  fields: RawFeedFields;
  unreadable?: string;
  /** A mapped file's decimal mark, decided from its first prices. */
  decimalMark?: DecimalMark;
}

interface SourceRecords {
  /** "line" in XML, "row" in a delimited file: the word the messages use. */
  unit: "line" | "row";
  records: AsyncIterable<SourceRecord>;
}

/**
 * A quote that is never closed makes the rest of the file one value. Left alone, every item after
 * it would vanish from the run as if the shop had dropped them; a value holding a line break
 * followed by a whole row's worth of separators is that, not a product description.
 */
function swallowsRows(cells: readonly string[], delimiter: string, width: number): boolean {
  const separators = Math.max(1, width - 1);
  return cells.some(
    (cell) =>
      cell.includes("\n") &&
      cell
        .split("\n")
        .slice(1)
        .some((line) => line.split(delimiter).length - 1 >= separators),
  );
}

async function* delimitedFields(text: FeedText, delimiter: string, options: ReadFeedOptions): AsyncGenerator<SourceRecord> {
  // A mapped file's amounts are read one way for the whole file: its first rows wait until their prices decide how.
  const pending: SourceRecord[] | null = usesMapping(options) ? [] : null;
  let decimalMark: DecimalMark | undefined;
  let index: ColumnIndex | null = null;
  const decide = () => {
    const cells = pending!.map((record) => record.fields.price ?? "").filter((cell) => cell.trim() !== "");
    decimalMark = mappedReading(cells, options, index!.has("currency"));
    return pending!.splice(0).map((record) => ({ ...record, decimalMark }));
  };
  for await (const record of delimitedRows(text, delimiter, options, (columns) => (index = columns))) {
    if (pending === null || decimalMark !== undefined) {
      yield { ...record, decimalMark };
      continue;
    }
    pending.push(record);
    const priced = pending.filter((each) => (each.fields.price ?? "").trim() !== "").length;
    if (priced >= DECIMAL_SAMPLE || pending.length >= DECIDE_MAX_ROWS) yield* decide();
  }
  if (pending !== null && pending.length > 0) yield* decide();
}

async function* delimitedRows(
  text: FeedText,
  delimiter: string,
  options: ReadFeedOptions,
  onHeader: (index: ColumnIndex) => void,
): AsyncGenerator<SourceRecord> {
  let index: ColumnIndex | null = null;
  let width = 0;
  for await (const { row, cells } of delimitedRecords(text.chunks, delimiter)) {
    if (isBlankCells(cells)) continue;
    if (index === null) {
      index = columnsFor(cells, options);
      onHeader(index);
      width = cells.length;
      continue;
    }
    if (swallowsRows(cells, delimiter, width)) {
      throw new FeedError("not-a-feed", unreadableFeedMessage(row, "unclosed-quote"));
    }
    if (cells.length > width) {
      yield {
        line: row,
        fields: fieldsOf(cells, index),
        unreadable: `The row has ${cells.length} values but the header has ${width} columns (a ${delimiter === "\t" ? "tab" : `"${delimiter}"`} inside a value?), so its values cannot be told apart.`,
      };
      continue;
    }
    yield { line: row, fields: fieldsOf(cells, index) };
  }
  if (index === null) throw new FeedError("empty", "The feed is empty: it holds no items, so nothing changed.");
}

function sourceRecords(text: FeedText, options: ReadFeedOptions): SourceRecords {
  const shape = shapeOf(text.head, options.format);
  if (shape.kind === "xml") return { unit: "line", records: xmlFeedRecords(text.chunks) };
  return { unit: "row", records: delimitedFields(text, shape.delimiter, options) };
}

/** The feed-wide rules: one currency, each id once. */
class FeedRules {
  private currency: { code: string; line: number } | null = null;
  private readonly ids = new Map<string, number>();
  count = 0;

  constructor(private readonly unit: "line" | "row") {}

  check(row: FeedRow): FeedRow {
    this.count += 1;
    if (!row.ok) return row;
    const { item, line } = row;
    const first = this.ids.get(item.id);
    if (first !== undefined) {
      return {
        ok: false,
        line,
        itemId: item.id,
        reason: `Item id ${JSON.stringify(item.id)} appears again (first on ${this.unit} ${first}); only the first is read.`,
      };
    }
    this.ids.set(item.id, line);
    if (this.currency === null) this.currency = { code: item.currency, line };
    else if (this.currency.code !== item.currency) {
      const Unit = this.unit === "line" ? "Line" : "Row";
      throw new FeedError(
        "mixed-currencies",
        `${Unit} ${this.currency.line} is priced in ${this.currency.code} and ${this.unit} ${line} in ${item.currency}. A feed must use one currency throughout, so nothing was read. Ask the shop for one feed per currency (Google Merchant Center makes one per country).`,
      );
    }
    return row;
  }
}

async function* rowsOf(source: FeedSource, options: ReadFeedOptions): AsyncGenerator<FeedRow> {
  const settings = sourceSettings(options);
  const bytes = await openFeedBytes(source, settings);
  try {
    const text = await feedText(bytes);
    const { unit, records } = sourceRecords(text, options);
    const rules = new FeedRules(unit);
    for await (const record of records) {
      options.signal?.throwIfAborted();
      const row: FeedRow = record.unreadable
        ? { ok: false, line: record.line, itemId: record.fields.id?.trim() || null, reason: record.unreadable }
        : readFeedRow(record.fields, record.line, { defaultCurrency: options.defaultCurrency, decimalMark: record.decimalMark });
      yield rules.check(row);
    }
    if (rules.count === 0) throw new FeedError("empty", "The feed holds no items, so nothing changed.");
  } catch (error) {
    throw feedErrorOf(error, source, settings, "body");
  } finally {
    bytes.destroy();
  }
}

/** Streams the feed's rows in order; throws FeedError (also mid-stream). Memory stays flat for any size. */
export function readFeed(source: FeedSource, options: ReadFeedOptions = {}): AsyncIterable<FeedRow> {
  return rowsOf(source, options);
}

/**
 * How much of a feed the mapping screen reads: it runs in the web request (a look at the first
 * rows, not a run), so a file whose first line never ends must not keep it parsing for long.
 */
export const PEEK_MAX_BYTES = 4 * 1024 * 1024;

/** For the mapping screen: the header row (column names) and up to 5 sample rows of a delimited feed, and the detected format. */
export async function peekFeed(
  source: FeedSource,
  options: FeedFetchOptions = {},
): Promise<{ format: FeedFormat | "needs-mapping"; columns: string[]; sample: string[][] }> {
  const settings = sourceSettings({ ...options, maxBytes: Math.min(options.maxBytes ?? FEED_MAX_BYTES, PEEK_MAX_BYTES) });
  const bytes = await openFeedBytes(source, settings);
  let columns: string[] | null = null;
  const sample: string[][] = [];
  try {
    const text = await feedText(bytes);
    const shape = shapeOf(text.head, undefined);
    if (shape.kind === "xml") return { format: "google-xml", columns: [], sample: [] };
    for await (const { cells } of delimitedRecords(text.chunks, shape.delimiter)) {
      if (isBlankCells(cells)) continue;
      if (columns === null) columns = cells.map((cell) => cell.trim());
      else sample.push(cells);
      if (sample.length >= 5) break;
    }
    if (columns === null) throw new FeedError("empty", "The feed is empty: it holds no items.");
    return { format: googleColumns(columns) ? "google-tsv" : "needs-mapping", columns, sample };
  } catch (error) {
    const failure = feedErrorOf(error, source, settings, "body");
    const peekEnded = failure instanceof FeedError && failure.code === "too-large" && settings.maxBytes === PEEK_MAX_BYTES;
    if (peekEnded || (failure instanceof FeedError && failure.code === "row-too-long")) {
      // The first rows are all the screen needs: fewer than five samples is still an answer.
      if (columns !== null) return { format: googleColumns(columns) ? "google-tsv" : "needs-mapping", columns, sample };
      const limit = peekEnded ? "4 MB" : MAX_RECORD_TEXT;
      throw new FeedError(
        "not-a-feed",
        `The file's first line is longer than ${limit}, so its columns cannot be read: it is not a CSV or TSV with a header row.`,
      );
    }
    throw failure;
  } finally {
    bytes.destroy();
  }
}
