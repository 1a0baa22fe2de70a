import { createHash } from "node:crypto";
import { sql } from "kysely";
import { parseColumnMap, type ColumnMap, type CommissionRow } from "~/lib/revenue/commission-report";
import type { DB } from "../db/connection.server";

/**
 * Commission networks and their reports (docs/decisions/0075). A network keeps the owner's
 * column mapping and, if given, its report URL. A report's orders are saved all or nothing, one
 * row per network and order ID: a later report's line for a known order updates it (its status
 * moving from pending to approved or reversed) instead of adding one.
 */

export interface CommissionNetwork {
  id: number;
  name: string;
  map: ColumnMap | null;
  reportUrl: string | null;
}

export async function listNetworks(db: DB): Promise<CommissionNetwork[]> {
  const rows = await db.selectFrom("commission_networks").selectAll().orderBy("name").execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, map: parseColumnMap(row.column_map), reportUrl: row.report_url }));
}

/** Keeps a network's mapping (and report URL), adding the network when its name is new; its id. */
export async function saveNetwork(db: DB, name: string, map: ColumnMap, reportUrl: string | null): Promise<number> {
  const row = await db
    .insertInto("commission_networks")
    .values({ name, column_map: JSON.stringify(map), report_url: reportUrl })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ column_map: JSON.stringify(map), report_url: reportUrl }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ReportPlan {
  /** Orders the site has not seen from this network. */
  added: number;
  /** Known orders whose status, amounts or sub-ID change. */
  updated: number;
  unchanged: number;
  /** Of the added and updated, those whose sub-ID is one of the site's clicks. */
  matched: number;
  /** Status changes, in words: "AW-1: pending → reversed". */
  changes: string[];
  fingerprint: string;
}

export class ReportChanged extends Error {
  override name = "ReportChanged";
  constructor() {
    super("The stored orders changed since the preview (another upload?). Nothing was saved; check the new preview and save again.");
  }
}

const same = (row: CommissionRow, stored: StoredOrder) =>
  row.status === stored.status &&
  row.saleHundredths === Number(stored.sale_hundredths) &&
  row.commissionHundredths === Number(stored.commission_hundredths) &&
  row.currency === stored.currency &&
  row.subId === stored.sub_id &&
  row.orderedAt === Number(stored.ordered_at);

type StoredOrder = {
  order_id: string;
  status: string;
  sale_hundredths: number | string;
  commission_hundredths: number | string;
  currency: string;
  sub_id: string | null;
  ordered_at: number | string;
};

const IN_LIST = 500;

async function storedOrders(db: DB, networkId: number, orderIds: readonly string[]): Promise<Map<string, StoredOrder>> {
  const stored = new Map<string, StoredOrder>();
  for (let start = 0; start < orderIds.length; start += IN_LIST) {
    const rows = await db
      .selectFrom("commissions")
      .select(["order_id", "status", "sale_hundredths", "commission_hundredths", "currency", "sub_id", "ordered_at"])
      .where("network_id", "=", networkId)
      .where("order_id", "in", orderIds.slice(start, start + IN_LIST))
      .execute();
    for (const row of rows) stored.set(row.order_id, row);
  }
  return stored;
}

async function knownSubIds(db: DB, subIds: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < subIds.length; start += IN_LIST) {
    const rows = await db
      .selectFrom("click_sub_ids")
      .select("sub_id")
      .where("sub_id", "in", subIds.slice(start, start + IN_LIST))
      .execute();
    for (const row of rows) known.add(row.sub_id);
  }
  return known;
}

/** What saving these rows would do, against the stored orders of the network (a new network: networkId null). */
export async function planReport(db: DB, networkId: number | null, rows: readonly CommissionRow[]): Promise<ReportPlan> {
  const stored =
    networkId === null
      ? new Map<string, StoredOrder>()
      : await storedOrders(
          db,
          networkId,
          rows.map((row) => row.orderId),
        );
  const known = await knownSubIds(db, [...new Set(rows.flatMap((row) => (row.subId === null ? [] : [row.subId])))]);
  const plan: ReportPlan = { added: 0, updated: 0, unchanged: 0, matched: 0, changes: [], fingerprint: "" };
  const hash = createHash("sha256");
  for (const row of rows) {
    const before = stored.get(row.orderId);
    hash.update(JSON.stringify([row, before ?? null]));
    if (before && same(row, before)) {
      plan.unchanged++;
      continue;
    }
    if (before) {
      plan.updated++;
      if (before.status !== row.status) plan.changes.push(`${row.orderId}: ${before.status} → ${row.status}`);
    } else plan.added++;
    if (row.subId !== null && known.has(row.subId)) plan.matched++;
  }
  plan.fingerprint = hash.digest("base64url").slice(0, 22);
  return plan;
}

export interface SaveOptions {
  signal?: AbortSignal;
  /** Orders written so far. */
  progress?(written: number): void;
  /** Last in the transaction, so it commits with the orders (the run's own end, the upload's "saved"). */
  within?(trx: DB, plan: ReportPlan): Promise<void>;
}

/**
 * Saves a report's orders in one transaction, after planning again inside it: a plan that is
 * not the previewed one (`fingerprint`) saves nothing (ReportChanged).
 */
export async function saveReport(
  db: DB,
  network: { name: string; map: ColumnMap; reportUrl: string | null },
  rows: readonly CommissionRow[],
  fingerprint: string,
  now: number = Date.now(),
  options: SaveOptions = {},
): Promise<ReportPlan> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("commission_networks").select("id").where("name", "=", network.name).executeTakeFirst();
    const plan = await planReport(trx, existing ? Number(existing.id) : null, rows);
    if (plan.fingerprint !== fingerprint) throw new ReportChanged();
    const networkId = await saveNetwork(trx, network.name, network.map, network.reportUrl);
    for (let start = 0; start < rows.length; start += IN_LIST) {
      if (options.signal) {
        // A turn of the event loop between batches: SQLite's driver is synchronous, and without
        // it the run's Cancel and heartbeat would not be heard until the save ends.
        await new Promise((resolve) => setImmediate(resolve));
        // Cancel (or the worker stopping) rolls the whole save back.
        if (options.signal.aborted) throw options.signal.reason;
      }
      options.progress?.(start);
      await trx
        .insertInto("commissions")
        .values(
          rows.slice(start, start + IN_LIST).map((row) => ({
            network_id: networkId,
            order_id: row.orderId,
            sub_id: row.subId,
            ordered_at: row.orderedAt,
            sale_hundredths: row.saleHundredths,
            commission_hundredths: row.commissionHundredths,
            currency: row.currency,
            status: row.status,
            updated_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["network_id", "order_id"]).doUpdateSet({
            sub_id: sql`excluded.sub_id`,
            ordered_at: sql`excluded.ordered_at`,
            sale_hundredths: sql`excluded.sale_hundredths`,
            commission_hundredths: sql`excluded.commission_hundredths`,
            currency: sql`excluded.currency`,
            status: sql`excluded.status`,
            updated_at: sql`excluded.updated_at`,
          }),
        )
        .execute();
    }
    if (options.signal?.aborted) throw options.signal.reason;
    await options.within?.(trx, plan);
    return plan;
  });
}
