import { sql, type Transaction } from "kysely";
import { utcDay } from "~/lib/clicks/click-period";
import { UNKNOWN_DEVICE } from "~/lib/clicks/device-class";
import { OTHER_PLACEMENT } from "~/lib/clicks/placement";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";

/** A counted click as the site keeps it: when, which product, from which page and spot on it, the class of device. Nothing about the visitor. */
export interface RecordedClick {
  /** Milliseconds since 1970. */
  at: number;
  productId: number;
  /** Already normalised (normaliseLinkSource). */
  source: string;
  /** The reader's country (ISO 3166-1), when /go could tell. */
  country?: string | null;
  /** The merchant whose offer the reader was sent to, when it was an offer. */
  merchantId?: number | null;
  /** One of PLACEMENTS (app/lib/clicks/placement.ts); "other" when absent. */
  placement?: string;
  /** phone, tablet or desktop (app/lib/clicks/device-class.ts); "unknown" when absent. */
  device?: string;
  /** The A/B test and variant the reader was in, when the link said so. */
  abTest?: { testId: number; variant: number } | null;
}

/** Rows per INSERT: 10 values each stays far below SQLite's 32,766 bound variables. */
const ROWS_PER_INSERT = 500;

/**
 * Writes a batch of clicks in one transaction: the raw rows, and each daily roll-up incremented
 * by the batch's counts, so the raw rows and the roll-ups can never disagree (all land, or none).
 */
export async function writeClicks(db: DB, clicks: readonly RecordedClick[]): Promise<void> {
  if (clicks.length === 0) return;
  await db.transaction().execute((trx) => insertClicks(trx, clicks));
}

/** writeClicks inside a transaction the caller holds (the recorder decides which clicks count in it). */
export async function insertClicks(trx: Transaction<Database>, clicks: readonly RecordedClick[]): Promise<void> {
  if (clicks.length === 0) return;
  const days = new Counter<{ day: string }>();
  const productDays = new Counter<{ day: string; product_id: number }>();
  const sourceDays = new Counter<{ day: string; source: string }>();
  for (const click of clicks) {
    const day = utcDay(click.at);
    days.add(day, { day });
    productDays.add(`${day} ${click.productId}`, { day, product_id: click.productId });
    sourceDays.add(`${day} ${click.source}`, { day, source: click.source });
  }
  for (const rows of chunks(clicks)) {
    await trx
      .insertInto("clicks")
      .values(
        rows.map((click) => ({
          clicked_at: click.at,
          product_id: click.productId,
          source: click.source,
          country: click.country ?? null,
          merchant_id: click.merchantId ?? null,
          placement: click.placement ?? OTHER_PLACEMENT,
          device: click.device ?? UNKNOWN_DEVICE,
          ab_test_id: click.abTest?.testId ?? null,
          ab_variant: click.abTest?.variant ?? null,
        })),
      )
      .execute();
  }
  for (const rows of chunks(days.rows())) {
    await trx
      .insertInto("click_days")
      .values(rows)
      .onConflict((conflict) => conflict.column("day").doUpdateSet({ clicks: sql<number>`click_days.clicks + excluded.clicks` }))
      .execute();
  }
  for (const rows of chunks(productDays.rows())) {
    await trx
      .insertInto("click_product_days")
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(["day", "product_id"]).doUpdateSet({ clicks: sql<number>`click_product_days.clicks + excluded.clicks` }),
      )
      .execute();
  }
  for (const rows of chunks(sourceDays.rows())) {
    await trx
      .insertInto("click_source_days")
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(["day", "source"]).doUpdateSet({ clicks: sql<number>`click_source_days.clicks + excluded.clicks` }),
      )
      .execute();
  }
}

/** A flush's page views, each added to its page and day's count. */
export async function insertPageViews(db: DB, rows: ReadonlyArray<{ day: string; path: string; views: number }>): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(rows)) {
      await trx
        .insertInto("page_view_days")
        .values([...part])
        .onConflict((conflict) =>
          conflict.columns(["day", "path"]).doUpdateSet({ views: sql<number>`page_view_days.views + excluded.views` }),
        )
        .execute();
    }
  });
}

/** A flush's views per page kind and device class, each added to its day's count. */
export async function insertPageViewDevices(
  db: DB,
  rows: ReadonlyArray<{ day: string; kind: string; device: string; views: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(rows)) {
      await trx
        .insertInto("page_view_device_days")
        .values([...part])
        .onConflict((conflict) =>
          conflict.columns(["day", "kind", "device"]).doUpdateSet({ views: sql<number>`page_view_device_days.views + excluded.views` }),
        )
        .execute();
    }
  });
}

/** A flush's views per A/B test variant, each added to its count. */
export async function insertTestViews(db: DB, rows: ReadonlyArray<{ test_id: number; variant: number; views: number }>): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(rows)) {
      await trx
        .insertInto("ab_test_views")
        .values([...part])
        .onConflict((conflict) =>
          conflict.columns(["test_id", "variant"]).doUpdateSet({ views: sql<number>`ab_test_views.views + excluded.views` }),
        )
        .execute();
    }
  });
}

/** The sub-IDs that went out with these clicks, with the click's facts; one already kept is left as it is. */
export async function insertClickSubIds(
  trx: Transaction<Database>,
  clicks: ReadonlyArray<RecordedClick & { subId?: string }>,
): Promise<void> {
  const rows = clicks
    .filter((click): click is RecordedClick & { subId: string } => typeof click.subId === "string")
    .map((click) => ({
      sub_id: click.subId,
      clicked_at: click.at,
      product_id: click.productId,
      merchant_id: click.merchantId ?? null,
      source: click.source,
      country: click.country ?? null,
      placement: click.placement ?? OTHER_PLACEMENT,
      device: click.device ?? UNKNOWN_DEVICE,
      ab_test_id: click.abTest?.testId ?? null,
      ab_variant: click.abTest?.variant ?? null,
    }));
  for (const part of chunks(rows)) {
    await trx
      .insertInto("click_sub_ids")
      .values(part)
      .onConflict((conflict) => conflict.column("sub_id").doNothing())
      .execute();
  }
}

/** Counts by key; one row per key, so an upsert never meets the same key twice in one statement. */
class Counter<Key extends object> {
  readonly #entries = new Map<string, Key & { clicks: number }>();

  add(id: string, key: Key): void {
    const entry = this.#entries.get(id);
    if (entry) entry.clicks++;
    else this.#entries.set(id, { ...key, clicks: 1 });
  }

  rows(): Array<Key & { clicks: number }> {
    return [...this.#entries.values()];
  }
}

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) yield rows.slice(start, start + ROWS_PER_INSERT);
}
