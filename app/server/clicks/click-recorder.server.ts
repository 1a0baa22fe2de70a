import { createHmac, randomBytes } from "node:crypto";
import { utcDay } from "~/lib/clicks/click-period";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { addressKey, countClicks, DaySalts, readerKey, REPEAT_WINDOW_MS, type ClickReader, type ReaderClick } from "./click-readers.server";
import { subIdFrom, SUB_ID_LENGTH } from "~/lib/offers/sub-id";
import {
  insertClicks,
  insertClickSubIds,
  insertPageViewDevices,
  insertPageViews,
  insertTestViews,
  type RecordedClick,
} from "./click-store.server";
import { DEVICE_CLASSES, type DeviceClass } from "~/lib/clicks/device-class";
import { VIEW_KINDS, viewKindIndex } from "~/lib/views/page-view";

/**
 * A click as the redirect hands it over: with the reader (address and User-Agent) when it is to
 * count once per reader per window (click-readers.server.ts). The reader stays in memory only
 * until the batch is written; only its salted hash reaches the database.
 */
export interface ObservedClick extends RecordedClick {
  reader?: ClickReader;
  /** Given by record(): the random ID the redirect adds to the shop's link. */
  subId?: string;
}

/**
 * Keeps counted clicks in memory and writes them in batches (docs/decisions/0028), so a redirect
 * never waits for the database: every `flushEveryMs`, or as soon as `flushAtCount` are waiting,
 * one transaction writes them all. A failed write (the database is down) keeps the clicks for the
 * next try, up to `maxBuffered`; past that the oldest are dropped and the loss is logged. close()
 * writes what is left before the database is closed, so a clean stop loses nothing.
 *
 * Page views ride on the same flushes (docs/decisions/0074): recordView() only adds one to a
 * counter per page and day in memory; each flush adds the counters to the database's and starts
 * them again, so a crash loses at most one flush period of views, and several instances' counts add up.
 * Each view is also counted per page kind and device class (docs/decisions/0113) in a fixed array
 * per day, made once per day: a cache hit adds one to a slot, never builds a key or a map entry.
 */
export interface ClickRecorderOptions {
  flushEveryMs?: number;
  flushAtCount?: number;
  maxBuffered?: number;
  /** A reader's repeat clicks of one product within this long count once. */
  repeatWindowMs?: number;
  /** Readers remembered in memory (see RecentReaders); past this the oldest are forgotten. */
  maxRecentReaders?: number;
  now?: () => number;
}

const DEFAULTS = {
  flushEveryMs: 1_000,
  flushAtCount: 500,
  maxBuffered: 100_000,
  repeatWindowMs: REPEAT_WINDOW_MS,
  maxRecentReaders: 200_000,
  now: Date.now,
} as const;
/** Clicks per transaction: a long outage's backlog is written in several, not one huge one. */
const BATCH_LIMIT = 5_000;

export class ClickRecorder {
  readonly #db: DB;
  readonly #flushAtCount: number;
  readonly #maxBuffered: number;
  readonly #timer: NodeJS.Timeout;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #salts: DaySalts;
  readonly #recent: RecentReaders;
  #buffer: ObservedClick[] = [];
  /** Views since the last flush, by "day path". */
  #views = new Map<string, number>();
  /** Views since the last flush per day: slot kind × DEVICE_CLASSES.length + device, kinds as in VIEW_KINDS. */
  #kindViews = new Map<string, Float64Array>();
  /** A/B test views since the last flush, by "test variant". */
  #testViews = new Map<string, number>();
  /** Flushes run one after another, so no click is ever written twice. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Flushes started and not yet finished: a slow database never piles up timer flushes behind it. */
  #running = 0;
  #failing = false;
  #closed = false;
  #dropped = 0;

  constructor(db: DB, options: ClickRecorderOptions = {}) {
    this.#db = db;
    const settings = { ...DEFAULTS, ...options };
    this.#flushAtCount = settings.flushAtCount;
    this.#maxBuffered = settings.maxBuffered;
    this.#windowMs = settings.repeatWindowMs;
    this.#now = settings.now;
    this.#salts = new DaySalts(db);
    this.#recent = new RecentReaders(settings.repeatWindowMs, settings.maxRecentReaders);
    this.#timer = setInterval(() => {
      if ((this.#buffer.length > 0 || this.#views.size > 0 || this.#kindViews.size > 0 || this.#testViews.size > 0) && this.#running === 0)
        void this.flush();
    }, settings.flushEveryMs);
    this.#timer.unref();
  }

  /** Clicks waiting to be written. */
  get pending(): number {
    return this.#buffer.length;
  }

  /** Clicks given up on because the buffer was full during a database outage. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Takes a counted click; answers its sub-ID: a new random one, or, for a repeat this instance
   * has already seen within the window, the earlier click's (so its commission still finds it).
   */
  record(click: ObservedClick): string | null {
    if (this.#closed) {
      log.error("A click arrived after the click recorder closed; it was not recorded");
      return null;
    }
    const subId = subIdFrom(randomBytes(SUB_ID_LENGTH));
    // A repeat this instance has already seen never fills the buffer (a flood of one reader's
    // clicks stays one entry); the database decides the rest, across instances.
    if (click.reader) {
      const earlier = this.#recent.seenWithinWindow(click.reader, click.productId, click.at, subId);
      if (earlier !== null) return earlier;
    }
    this.#buffer.push({ ...click, subId });
    if (this.#buffer.length > this.#maxBuffered) this.#dropOldest();
    // While the database is failing, only the timer retries: a full batch would otherwise start
    // a doomed write on every click that arrives.
    if (this.#buffer.length >= this.#flushAtCount && this.#running === 0 && !this.#failing) void this.flush();
    return subId;
  }

  /** One view of a public page (lib/views/page-view.ts decides what is one); written with the next flush. */
  recordView(path: string, device: DeviceClass, at: number = this.#now()): void {
    if (this.#closed) return;
    const day = utcDay(at);
    const key = `${day} ${path}`;
    this.#views.set(key, (this.#views.get(key) ?? 0) + 1);
    let slots = this.#kindViews.get(day);
    if (slots === undefined) this.#kindViews.set(day, (slots = new Float64Array(VIEW_KINDS.length * DEVICE_CLASSES.length)));
    slots[viewKindIndex(path) * DEVICE_CLASSES.length + DEVICE_INDEX[device]]!++;
  }

  /** One view of a variant of a running A/B test, as the reader's browser reported it; written with the next flush. */
  recordTestView(testId: number, variant: number): void {
    if (this.#closed) return;
    const key = `${testId} ${variant}`;
    this.#testViews.set(key, (this.#testViews.get(key) ?? 0) + 1);
  }

  /** Writes every click buffered so far; true when all of them are in the database. */
  flush(): Promise<boolean> {
    this.#running++;
    const done = this.#queue.then(() => this.#writeBuffered()).finally(() => this.#running--);
    this.#queue = done;
    return done;
  }

  /** Stops the timer and writes what is left; call before the database closes. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    const written = await this.flush();
    if (!written) log.error(`Stopping with ${this.#buffer.length} click(s) that could not be written to the database`);
  }

  async #writeBuffered(): Promise<boolean> {
    if (this.#kindViews.size > 0) {
      const counted = this.#kindViews;
      this.#kindViews = new Map();
      try {
        await insertPageViewDevices(this.#db, kindViewRows(counted));
      } catch (error) {
        // Added back, slot by slot, to what was counted meanwhile.
        for (const [day, slots] of counted) {
          const now = this.#kindViews.get(day);
          if (now) for (let slot = 0; slot < slots.length; slot++) now[slot]! += slots[slot]!;
          else this.#kindViews.set(day, slots);
        }
        if (!this.#failing) log.error(`Page views could not be written, keeping them to retry: ${(error as Error)?.message ?? error}`);
        this.#failing = true;
        return false;
      }
    }
    if (this.#testViews.size > 0) {
      const counted = this.#testViews;
      this.#testViews = new Map();
      try {
        await insertTestViews(
          this.#db,
          [...counted].map(([key, views]) => {
            const [testId, variant] = key.split(" ").map(Number) as [number, number];
            return { test_id: testId, variant, views };
          }),
        );
      } catch (error) {
        for (const [key, views] of counted) this.#testViews.set(key, (this.#testViews.get(key) ?? 0) + views);
        if (!this.#failing) log.error(`A/B test views could not be written, keeping them to retry: ${(error as Error)?.message ?? error}`);
        this.#failing = true;
        return false;
      }
    }
    if (this.#views.size > 0) {
      const views = this.#views;
      this.#views = new Map();
      try {
        await insertPageViews(
          this.#db,
          [...views].map(([key, count]) => ({ day: key.slice(0, 10), path: key.slice(11), views: count })),
        );
      } catch (error) {
        // Added back: the next flush writes them with the views counted meanwhile.
        for (const [key, count] of views) this.#views.set(key, (this.#views.get(key) ?? 0) + count);
        if (!this.#failing) log.error(`Page views could not be written, keeping them to retry: ${(error as Error)?.message ?? error}`);
        this.#failing = true;
        return false;
      }
    }
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.splice(0, BATCH_LIMIT);
      try {
        await this.#write(batch);
      } catch (error) {
        // Back in front, in order: the next flush tries them first.
        this.#buffer = batch.concat(this.#buffer);
        if (this.#buffer.length > this.#maxBuffered) this.#dropOldest();
        if (!this.#failing)
          log.error(`Clicks could not be written, keeping ${this.#buffer.length} to retry: ${(error as Error)?.message ?? error}`);
        this.#failing = true;
        return false;
      }
      if (this.#failing) log.info("Clicks are being written again");
      this.#failing = false;
    }
    return true;
  }

  /**
   * One transaction: the clicks that carry a reader count only if the reader's last counted click
   * of that product is older than the window and its address has not used up the day's allowance
   * for the product (countClicks); the rest are written as given.
   */
  async #write(batch: readonly ObservedClick[]): Promise<void> {
    const now = this.#now();
    const keyed: ReaderClick[] = [];
    const keyedAt: number[] = [];
    for (const [index, click] of batch.entries()) {
      if (!click.reader) continue;
      const day = utcDay(click.at);
      const salt = await this.#salts.saltFor(day, now);
      keyed.push({
        at: click.at,
        reader: readerKey(salt, click.reader, click.productId),
        address: addressKey(salt, click.reader.address, click.productId),
        day,
      });
      keyedAt.push(index);
    }
    await this.#db.transaction().execute(async (trx) => {
      const counted = await countClicks(trx, keyed, { windowMs: this.#windowMs });
      const skipped = new Set(keyedAt.filter((_, position) => !counted.has(position)));
      // Every sub-ID that went out is kept, even a repeat's the database refused to count again:
      // the shop has it, and a commission may name it.
      await insertClickSubIds(trx, batch);
      await insertClicks(
        trx,
        batch
          .filter((_, index) => !skipped.has(index))
          .map(({ at, productId, source, country, merchantId, placement, device, abTest }) => ({
            at,
            productId,
            source,
            country,
            merchantId,
            placement,
            device,
            abTest,
          })),
      );
    });
  }

  #dropOldest(): void {
    const excess = this.#buffer.length - this.#maxBuffered;
    this.#buffer.splice(0, excess);
    if (this.#dropped === 0)
      log.error(`The click buffer is full (${this.#maxBuffered}); dropping the oldest clicks until the database is back`);
    this.#dropped += excess;
  }
}

const DEVICE_INDEX: Record<DeviceClass, number> = Object.fromEntries(DEVICE_CLASSES.map((device, index) => [device, index])) as Record<
  DeviceClass,
  number
>;

/** The rows of the counted slots that are not zero. */
function kindViewRows(counted: ReadonlyMap<string, Float64Array>) {
  const rows: { day: string; kind: string; device: string; views: number }[] = [];
  for (const [day, slots] of counted)
    for (let slot = 0; slot < slots.length; slot++) {
      const views = slots[slot]!;
      if (views > 0)
        rows.push({
          day,
          kind: VIEW_KINDS[Math.floor(slot / DEVICE_CLASSES.length)]!,
          device: DEVICE_CLASSES[slot % DEVICE_CLASSES.length]!,
          views,
        });
    }
  return rows;
}

/**
 * The readers this instance counted in the last window, so a flood of one reader's repeats is
 * dropped at once instead of waiting in the buffer for the database to refuse it. Keyed by an
 * HMAC under a random key of this process (never written anywhere, gone on restart); entries
 * leave after the window, oldest first, and the oldest are forgotten past `max` (the database
 * still refuses those repeats).
 */
class RecentReaders {
  readonly #key = randomBytes(32);
  readonly #seen = new Map<string, { at: number; subId: string }>();
  readonly #windowMs: number;
  readonly #max: number;

  constructor(windowMs: number, max: number) {
    this.#windowMs = windowMs;
    this.#max = max;
  }

  /** The earlier click's sub-ID when this reader's click of this product is a repeat within the window; else remembers this one with `subId`. */
  seenWithinWindow(reader: ClickReader, productId: number, at: number, subId: string): string | null {
    const id = createHmac("sha256", this.#key).update(`${reader.address}\n${reader.userAgent}\n${productId}`).digest("base64url");
    const last = this.#seen.get(id);
    if (last !== undefined && at - last.at < this.#windowMs && at >= last.at) return last.subId;
    // Re-inserted, so the map stays in time order and the oldest are first.
    this.#seen.delete(id);
    this.#seen.set(id, { at, subId });
    for (const [oldest, { at: when }] of this.#seen) {
      if (this.#seen.size <= this.#max && at - when < this.#windowMs) break;
      this.#seen.delete(oldest);
    }
    return null;
  }
}
