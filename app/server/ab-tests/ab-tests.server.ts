import { sql } from "kysely";
import {
  BUY_BUTTON_ELEMENTS,
  DEFAULT_BUY_BUTTON,
  isOptionOf,
  readBuyButtonSettings,
  TEST_PAGE_KINDS,
  type BuyButtonElement,
  type BuyButtonSettings,
  type RunningTest,
  type TestPageKind,
} from "~/lib/ab-tests/buy-button";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import { SwrValue } from "../catalog/swr-cache";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";

/**
 * A/B tests of the buy button (docs/decisions/0111): started and ended by an admin, read by the
 * product page (which options to offer its readers) and by the view counter (which tests and
 * variants exist). The applied settings, a winner kept once its test ended, live in site_state.
 */

export interface AbTest extends RunningTest {
  pageKind: TestPageKind;
  status: "running" | "ended";
  startedAt: number;
  endedAt: number | null;
  appliedVariant: number | null;
  version: number;
}

const settingsKey = (pageKind: TestPageKind) => `buy-button:${pageKind}`;

type TestRow = {
  id: number;
  page_kind: string;
  element: string;
  variants: string;
  status: "running" | "ended";
  started_at: number | string;
  ended_at: number | string | null;
  applied_variant: number | null;
  version: number;
};

/** A stored row as a test; null for one this code no longer knows how to show (an element or option since removed). */
function toTest(row: TestRow): AbTest | null {
  const element = row.element as BuyButtonElement;
  const pageKind = row.page_kind as TestPageKind;
  if (!BUY_BUTTON_ELEMENTS.includes(element) || !TEST_PAGE_KINDS.includes(pageKind)) return null;
  let variants: unknown;
  try {
    variants = JSON.parse(row.variants);
  } catch {
    return null;
  }
  if (!Array.isArray(variants) || !variants.every((option) => typeof option === "string" && isOptionOf(element, option))) return null;
  return {
    id: Number(row.id),
    pageKind,
    element,
    variants: variants as string[],
    status: row.status,
    startedAt: Number(row.started_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    appliedVariant: row.applied_variant === null ? null : Number(row.applied_variant),
    version: Number(row.version),
  };
}

const TEST_COLUMNS = ["id", "page_kind", "element", "variants", "status", "started_at", "ended_at", "applied_variant", "version"] as const;

/** Every test, the running ones first, then the newest. */
export async function listTests(db: DB): Promise<AbTest[]> {
  const rows = await db
    .selectFrom("ab_tests")
    .select(TEST_COLUMNS)
    .orderBy(sql`case when status = 'running' then 0 else 1 end`)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map(toTest).filter((test): test is AbTest => test !== null);
}

export async function findTest(db: DB, id: number): Promise<AbTest | null> {
  const row = await db.selectFrom("ab_tests").select(TEST_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toTest(row) : null;
}

/** The settings applied on each kind of page: the defaults until a test's winner is applied. */
export async function readAppliedSettings(db: DB): Promise<Record<TestPageKind, BuyButtonSettings>> {
  const rows = await db
    .selectFrom("site_state")
    .select(["key", "value"])
    .where(
      "key",
      "in",
      TEST_PAGE_KINDS.map((kind) => settingsKey(kind)),
    )
    .execute();
  const applied = Object.fromEntries(TEST_PAGE_KINDS.map((kind) => [kind, { ...DEFAULT_BUY_BUTTON }])) as Record<
    TestPageKind,
    BuyButtonSettings
  >;
  for (const row of rows) {
    const kind = row.key.slice("buy-button:".length) as TestPageKind;
    try {
      applied[kind] = readBuyButtonSettings(JSON.parse(row.value));
    } catch {
      log.error(`The stored buy button settings of ${kind} pages could not be read; the defaults are shown`);
    }
  }
  return applied;
}

export class TestAlreadyRunning extends Error {}

/**
 * Starts a test: the applied option as the control, then the challengers. Refused (TestAlreadyRunning)
 * while another test runs on that kind of page; the unique index decides when two admins race.
 */
export async function startTest(
  db: DB,
  test: { pageKind: TestPageKind; element: BuyButtonElement; challengers: readonly string[] },
  now: number = Date.now(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const running = await trx
      .selectFrom("ab_tests")
      .select("id")
      .where("page_kind", "=", test.pageKind)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (running) throw new TestAlreadyRunning("A test is already running on these pages: end it before starting another.");
    const control = (await readAppliedSettings(trx))[test.pageKind][test.element];
    const variants = [control, ...test.challengers.filter((option) => option !== control && isOptionOf(test.element, option))];
    let inserted;
    try {
      inserted = await trx
        .insertInto("ab_tests")
        .values({
          page_kind: test.pageKind,
          element: test.element,
          variants: JSON.stringify([...new Set(variants)]),
          status: "running",
          started_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (/unique|duplicate/i.test(String((error as Error)?.message))) {
        throw new TestAlreadyRunning("A test is already running on these pages: end it before starting another.");
      }
      throw error;
    }
    await publishCatalogChange(trx);
    return Number(inserted.id);
  });
}

/**
 * Ends a running test at the version the admin saw, applying one variant's option to its kind of
 * page or none; false when the test has ended or changed meanwhile (nothing is written then).
 */
export async function endTest(db: DB, id: number, version: number, apply: number | null, now: number = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("ab_tests").select(TEST_COLUMNS).where("id", "=", id).executeTakeFirst();
    const test = row ? toTest(row) : null;
    if (!test || test.status !== "running" || test.version !== version) return false;
    const option = apply === null ? undefined : test.variants[apply];
    if (apply !== null && option === undefined) return false;
    const updated = await trx
      .updateTable("ab_tests")
      .set({ status: "ended", ended_at: now, applied_variant: apply, version: version + 1 })
      .where("id", "=", id)
      .where("version", "=", version)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (option !== undefined) {
      const settings = { ...(await readAppliedSettings(trx))[test.pageKind], [test.element]: option };
      await trx
        .insertInto("site_state")
        .values({ key: settingsKey(test.pageKind), value: JSON.stringify(settings) })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: JSON.stringify(settings) }))
        .execute();
    }
    await publishCatalogChange(trx);
    return true;
  });
}

/** What a variant's readers did: views their browsers reported, counted clicks, and the commission of those clicks per currency. */
export interface VariantFigures {
  views: number;
  clicks: number;
  /** Hundredths per currency, orders not reversed. */
  commission: Record<string, number>;
}

/** The figures of every variant of a test; clicks after it ended (a tab left open) are not counted. */
export async function testFigures(db: DB, test: AbTest): Promise<VariantFigures[]> {
  const figures = test.variants.map((): VariantFigures => ({ views: 0, clicks: 0, commission: {} }));
  const until = test.endedAt ?? Number.MAX_SAFE_INTEGER;
  const [views, clicks, commissions] = await Promise.all([
    db.selectFrom("ab_test_views").select(["variant", "views"]).where("test_id", "=", test.id).execute(),
    db
      .selectFrom("clicks")
      .select(["ab_variant", (eb) => eb.fn.countAll<number | string>().as("clicks")])
      .where("ab_test_id", "=", test.id)
      .where("clicked_at", "<=", until)
      .groupBy("ab_variant")
      .execute(),
    db
      .selectFrom("commissions")
      .innerJoin("click_sub_ids", "click_sub_ids.sub_id", "commissions.sub_id")
      .select([
        "click_sub_ids.ab_variant",
        "commissions.currency",
        (eb) => eb.fn.sum<number | string>("commissions.commission_hundredths").as("commission"),
      ])
      .where("click_sub_ids.ab_test_id", "=", test.id)
      .where("click_sub_ids.clicked_at", "<=", until)
      .where("commissions.status", "<>", "reversed")
      .groupBy(["click_sub_ids.ab_variant", "commissions.currency"])
      .execute(),
  ]);
  for (const row of views) {
    const entry = figures[Number(row.variant)];
    if (entry) entry.views = Number(row.views);
  }
  for (const row of clicks) {
    const entry = row.ab_variant === null ? undefined : figures[Number(row.ab_variant)];
    if (entry) entry.clicks = Number(row.clicks);
  }
  for (const row of commissions) {
    const entry = row.ab_variant === null ? undefined : figures[Number(row.ab_variant)];
    if (entry) entry.commission[row.currency] = (entry.commission[row.currency] ?? 0) + Number(row.commission);
  }
  return figures;
}

/** What pages need to know of the tests: the applied settings and the running test of each kind of page. */
export interface BuyButtonState {
  applied: Record<TestPageKind, BuyButtonSettings>;
  running: Partial<Record<TestPageKind, RunningTest>>;
  /** Running tests by id: the view counter accepts views of these only. */
  runningById: ReadonlyMap<number, RunningTest>;
}

async function readBuyButtonState(db: DB): Promise<BuyButtonState> {
  const [applied, running] = await Promise.all([
    readAppliedSettings(db),
    db.selectFrom("ab_tests").select(TEST_COLUMNS).where("status", "=", "running").execute(),
  ]);
  const state: BuyButtonState = { applied, running: {}, runningById: new Map() };
  for (const row of running) {
    const test = toTest(row);
    if (!test) continue;
    const shown: RunningTest = { id: test.id, element: test.element, variants: test.variants };
    state.running[test.pageKind] = shown;
    (state.runningById as Map<number, RunningTest>).set(test.id, shown);
  }
  return state;
}

/** Another instance's start or end reaches this one through the catalog broadcast; this is the longest it can wait otherwise. */
const STATE_MAX_AGE_MS = 30_000;
const states = new WeakMap<DB, SwrValue<BuyButtonState>>();

/** The tests' state, kept in memory and read again after every catalog change (a test started or ended is one). */
export function buyButtonState(db: DB): Promise<BuyButtonState> {
  let value = states.get(db);
  if (!value) {
    const created = new SwrValue(
      () => readBuyButtonState(db),
      STATE_MAX_AGE_MS,
      (error) => log.error(`The A/B tests could not be read again: ${(error as Error)?.message ?? error}`),
    );
    states.set(db, (value = created));
    onCatalogChange(db, () => created.invalidate());
  }
  return value.get();
}
