import { createHmac, randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { utcDay } from "~/lib/clicks/click-period";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";
import type { PeriodicJob } from "../jobs/job-runner.server";

/**
 * A reader clicking the same product again within REPEAT_WINDOW_MS counts once
 * (docs/decisions/0056). A reader is the client's address (as TRUST_PROXY says to read it) and
 * its User-Agent; the site never stores either. What it stores, for the window only, is a keyed
 * hash of the two and the product under a random salt of the UTC day (click_salts, shared by
 * every instance on the database). The salt is deleted once its day is over, and with it any way
 * to tell whose hash a row was, even by trying every IPv4 address.
 *
 * The decision is the database's, inside the transaction that writes the clicks: an upsert that
 * takes a reader's row only when its last counted click is older than the window, so two
 * instances flushing the same reader's clicks at once count it once (PostgreSQL makes the second
 * upsert wait for the first and then sees its row).
 *
 * On top of that, one client address counts at most CLICKS_PER_ADDRESS_PER_DAY clicks of one
 * product in a UTC day, however many User-Agents it sends (docs/decisions/0106), kept the same
 * way: a hash of address and product under the day's salt, and a counter that goes with the day.
 */
export const REPEAT_WINDOW_MS = 30 * 60_000;

/**
 * Three: a household or an office behind one address (a phone, a laptop, a second person) may
 * really click one product a few times a day; a loop with fresh User-Agents should not count more.
 */
export const CLICKS_PER_ADDRESS_PER_DAY = 3;

export interface ClickReader {
  /** clientAddress(): an IPv6 client is its /64. */
  address: string;
  userAgent: string;
}

/** A click waiting to be decided: when, the reader's hash and its address's (both under its day's salt, with the product). */
export interface ReaderClick {
  at: number;
  reader: string;
  address: string;
  /** The click's UTC day, YYYY-MM-DD: the address's count is per day. */
  day: string;
}

/** Rows per upsert: 2 values each. */
const ROWS_PER_UPSERT = 500;

/** The reader's hash for one product under one day's salt (base64url of an HMAC-SHA-256). */
export function readerKey(salt: Buffer, reader: ClickReader, productId: number): string {
  return createHmac("sha256", salt).update(`${reader.address}\n${reader.userAgent}\n${productId}`).digest("base64url");
}

/** The address's hash for one product under one day's salt: the key of its count of the day. */
export function addressKey(salt: Buffer, address: string, productId: number): string {
  return createHmac("sha256", salt).update(`address\n${address}\n${productId}`).digest("base64url");
}

/**
 * The salts of the days clicks are counted on, shared by the instances on one database: the first
 * to need a day's salt makes it (a random 32 bytes); the others read the one it stored. Kept in
 * memory for today and yesterday only (a batch flushed just after midnight still has clicks from
 * the day before).
 */
export class DaySalts {
  readonly #db: DB;
  readonly #known = new Map<string, Promise<Buffer>>();

  constructor(db: DB) {
    this.#db = db;
  }

  saltFor(day: string, now: number): Promise<Buffer> {
    let salt = this.#known.get(day);
    if (!salt) {
      salt = loadOrCreateSalt(this.#db, day);
      // A failed read (the database is down) is not remembered: the next flush asks again.
      salt.catch(() => this.#known.delete(day));
      this.#known.set(day, salt);
      const keep = new Set([utcDay(now), utcDay(now - 86_400_000), day]);
      for (const known of this.#known.keys()) if (!keep.has(known)) this.#known.delete(known);
    }
    return salt;
  }
}

async function loadOrCreateSalt(db: DB, day: string): Promise<Buffer> {
  await db
    .insertInto("click_salts")
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("click_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return Buffer.from(row.salt, "hex");
}

/**
 * Which of `clicks` count: once per reader per window (countFirstClicks), then at most `perAddress`
 * a day for each address and product (capPerAddress). Returns the indexes of the counted clicks.
 */
export async function countClicks(
  trx: Transaction<Database>,
  clicks: readonly ReaderClick[],
  { windowMs = REPEAT_WINDOW_MS, perAddress = CLICKS_PER_ADDRESS_PER_DAY }: { windowMs?: number; perAddress?: number } = {},
): Promise<Set<number>> {
  const firsts = [...(await countFirstClicks(trx, clicks, windowMs))];
  const kept = await capPerAddress(
    trx,
    firsts.map((index) => clicks[index]!),
    perAddress,
  );
  return new Set(firsts.filter((_, position) => kept.has(position)));
}

/**
 * Which of `clicks` count: each reader's first click, and any later one at least the window after
 * the last counted one, here or in the database (another instance, an earlier flush). Records the
 * counted ones in click_readers. Returns the indexes of the counted clicks.
 */
async function countFirstClicks(
  trx: Transaction<Database>,
  clicks: readonly ReaderClick[],
  windowMs = REPEAT_WINDOW_MS,
): Promise<Set<number>> {
  // Within the batch first, in time order: 1,000 clicks of one reader become one candidate.
  const order = clicks.map((_, index) => index).sort((a, b) => clicks[a]!.at - clicks[b]!.at);
  const lastKept = new Map<string, number>();
  let candidates: number[] = [];
  for (const index of order) {
    const { reader, at } = clicks[index]!;
    const last = lastKept.get(reader);
    if (last !== undefined && at - last < windowMs) continue;
    lastKept.set(reader, at);
    candidates.push(index);
  }
  const counted = new Set<number>();
  // One upsert may not touch a row twice: a reader kept twice (a backlog longer than the window)
  // goes in the next round.
  while (candidates.length > 0) {
    const round: number[] = [];
    const later: number[] = [];
    const inRound = new Set<string>();
    for (const index of candidates) {
      const { reader } = clicks[index]!;
      if (inRound.has(reader)) later.push(index);
      else {
        inRound.add(reader);
        round.push(index);
      }
    }
    // The same order in every transaction: two instances' flushes never wait on each other in a cycle.
    round.sort((a, b) => (clicks[a]!.reader < clicks[b]!.reader ? -1 : 1));
    for (let start = 0; start < round.length; start += ROWS_PER_UPSERT) {
      const part = round.slice(start, start + ROWS_PER_UPSERT);
      const taken = await trx
        .insertInto("click_readers")
        .values(part.map((index) => ({ reader: clicks[index]!.reader, counted_at: clicks[index]!.at })))
        .onConflict((conflict) =>
          conflict
            .column("reader")
            .doUpdateSet((eb) => ({ counted_at: eb.ref("excluded.counted_at") }))
            .where((eb) => eb("click_readers.counted_at", "<=", eb(eb.ref("excluded.counted_at"), "-", windowMs))),
        )
        .returning("reader")
        .execute();
      const takenReaders = new Set(taken.map((row) => row.reader));
      for (const index of part) if (takenReaders.has(clicks[index]!.reader)) counted.add(index);
    }
    candidates = later;
  }
  return counted;
}

/**
 * Which of `clicks` count within the address's allowance of the day: its first `cap`, earlier
 * flushes and other instances included, in time order. One upsert per address adds the batch's
 * clicks to the day's counter and returns the new total: what was there before is the total less
 * this batch's, so two instances adding at once (PostgreSQL makes the second wait for the first)
 * each know their share. Returns the indexes of the counted clicks.
 */
async function capPerAddress(trx: Transaction<Database>, clicks: readonly ReaderClick[], cap: number): Promise<Set<number>> {
  const byAddress = new Map<string, { day: string; indexes: number[] }>();
  const order = clicks.map((_, index) => index).sort((a, b) => clicks[a]!.at - clicks[b]!.at);
  for (const index of order) {
    const { address, day } = clicks[index]!;
    const entry = byAddress.get(address) ?? { day, indexes: [] };
    entry.indexes.push(index);
    byAddress.set(address, entry);
  }
  // Key order, as for the readers: no two flushes wait on each other in a cycle.
  const addresses = [...byAddress.keys()].sort();
  const counted = new Set<number>();
  for (let start = 0; start < addresses.length; start += ROWS_PER_UPSERT) {
    const part = addresses.slice(start, start + ROWS_PER_UPSERT);
    const totals = await trx
      .insertInto("click_address_days")
      .values(
        part.map((address) => ({ address_key: address, day: byAddress.get(address)!.day, clicks: byAddress.get(address)!.indexes.length })),
      )
      .onConflict((conflict) =>
        conflict
          .column("address_key")
          .doUpdateSet((eb) => ({ clicks: eb(eb.ref("click_address_days.clicks"), "+", eb.ref("excluded.clicks")) })),
      )
      .returning(["address_key", "clicks"])
      .execute();
    for (const { address_key, clicks: total } of totals) {
      const { indexes } = byAddress.get(address_key)!;
      const before = Number(total) - indexes.length;
      for (const index of indexes.slice(0, Math.max(0, cap - before))) counted.add(index);
    }
  }
  return counted;
}

/** Deletes what no longer decides anything: reader rows past the window, salts and address counts of days that are over. */
export async function forgetReaders(db: DB | Transaction<Database>, now: number, windowMs = REPEAT_WINDOW_MS): Promise<void> {
  await db
    .deleteFrom("click_readers")
    .where("counted_at", "<", now - windowMs)
    .execute();
  // Yesterday's salt lives on for the window after midnight, for a batch still holding its clicks.
  const lastDayNeeded = utcDay(now - windowMs);
  await db.deleteFrom("click_salts").where("day", "<", lastDayNeeded).execute();
  await db.deleteFrom("click_address_days").where("day", "<", lastDayNeeded).execute();
}

/**
 * Deletes reader rows past the window and the salts of days that are over, once a minute across
 * instances. Not in the flush itself: deletes racing the upserts of other instances' flushes
 * could deadlock them, and the upsert already ignores a row past the window.
 */
export const FORGET_CLICK_READERS_JOB: PeriodicJob = {
  name: "forget-click-readers",
  quiet: true,
  everyMs: 60_000,
  async run(db) {
    await forgetReaders(db, Date.now());
  },
};
