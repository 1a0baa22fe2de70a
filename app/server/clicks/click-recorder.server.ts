import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { writeClicks, type RecordedClick } from "./click-store.server";

/**
 * Keeps counted clicks in memory and writes them in batches (docs/decisions/0028), so a redirect
 * never waits for the database: every `flushEveryMs`, or as soon as `flushAtCount` are waiting,
 * one transaction writes them all. A failed write (the database is down) keeps the clicks for the
 * next try, up to `maxBuffered`; past that the oldest are dropped and the loss is logged. close()
 * writes what is left before the database is closed, so a clean stop loses nothing.
 */
export interface ClickRecorderOptions {
  flushEveryMs?: number;
  flushAtCount?: number;
  maxBuffered?: number;
}

const DEFAULTS = { flushEveryMs: 1_000, flushAtCount: 500, maxBuffered: 100_000 } as const;
/** Clicks per transaction: a long outage's backlog is written in several, not one huge one. */
const BATCH_LIMIT = 5_000;

export class ClickRecorder {
  readonly #db: DB;
  readonly #flushAtCount: number;
  readonly #maxBuffered: number;
  readonly #timer: NodeJS.Timeout;
  #buffer: RecordedClick[] = [];
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
    this.#timer = setInterval(() => {
      if (this.#buffer.length > 0 && this.#running === 0) void this.flush();
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

  record(click: RecordedClick): void {
    if (this.#closed) {
      log.error("A click arrived after the click recorder closed; it was not recorded");
      return;
    }
    this.#buffer.push(click);
    if (this.#buffer.length > this.#maxBuffered) this.#dropOldest();
    // While the database is failing, only the timer retries: a full batch would otherwise start
    // a doomed write on every click that arrives.
    if (this.#buffer.length >= this.#flushAtCount && this.#running === 0 && !this.#failing) void this.flush();
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
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.splice(0, BATCH_LIMIT);
      try {
        await writeClicks(this.#db, batch);
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

  #dropOldest(): void {
    const excess = this.#buffer.length - this.#maxBuffered;
    this.#buffer.splice(0, excess);
    if (this.#dropped === 0)
      log.error(`The click buffer is full (${this.#maxBuffered}); dropping the oldest clicks until the database is back`);
    this.#dropped += excess;
  }
}
