import type { SitePrices } from "~/lib/offers/price-view";
import { openItems, type TodayItem } from "~/lib/today/today-items";
import type { DB } from "../../db/connection.server";
import { offLoopHandle } from "../../db/off-loop-reads.server";
import { log } from "../../log.server";
import { feedFacts, feedFailed, feedShrankInOneRun, feedStale } from "./feeds.server";
import { deadArticleLinks, deadOfferLinks } from "./links.server";
import { alertsCapped, failedMail } from "./mail.server";
import { forgetSettledMarks, readMarks } from "./marks.server";
import { moneyReader } from "./money.server";
import { listPicks, pickPriceMoved, picksOffers, pickUnavailable } from "./picks.server";
import { staleReviews } from "./reviews.server";
import { trafficFell } from "./traffic.server";

/**
 * The owner's Today list: every rule's items, each with its money at stake (the last 30 days'
 * clicks × earnings per click of its product, page or shop), ranked most money first, less the
 * ones the owner snoozed or marked done. The page and the weekly digest read the same list.
 */

type Stake = { product?: number; source?: string; merchant?: number };

/** Every item the rules raise now, marked or not, with its money at stake. */
export async function findTodayItems(db: DB, prices: SitePrices, now: number): Promise<TodayItem[]> {
  const [picks, feeds] = await Promise.all([listPicks(db), feedFacts(db)]);
  const offers = await picksOffers(db, picks);
  const merchantOfFeed = new Map(feeds.map((feed) => [feed.id, feed.merchantId]));
  const merchantOfRun = new Map(feeds.flatMap((feed) => (feed.lastSaved ? [[feed.lastSaved.id, feed.merchantId] as const] : [])));
  const [unavailable, moved, offerLinks, articleLinks, reviews, traffic, mail, capped] = await Promise.all([
    pickUnavailable(picks, offers, prices, now),
    pickPriceMoved(db, picks, offers, prices, now),
    deadOfferLinks(db),
    deadArticleLinks(db),
    staleReviews(db, now),
    trafficFell(db, prices.currency, now),
    failedMail(db),
    alertsCapped(db),
  ]);
  const found: { item: TodayItem; stake: Stake }[] = [
    ...[...unavailable, ...moved].map((item) => ({ item, stake: { product: Number(item.subject.split(":")[1]) } })),
    ...feedFailed(feeds).map((item) => ({ item, stake: { merchant: merchantOfFeed.get(Number(item.subject.split(":")[1])) } })),
    ...feedStale(feeds, now).map((item) => ({ item, stake: { merchant: merchantOfFeed.get(Number(item.subject.split(":")[1])) } })),
    ...feedShrankInOneRun(feeds).map((item) => ({ item, stake: { merchant: merchantOfRun.get(Number(item.subject.split(":")[1])) } })),
    ...offerLinks.map(({ productId, ...item }) => ({ item, stake: { product: productId } })),
    ...articleLinks.map(({ source, ...item }) => ({ item, stake: { source } })),
    ...reviews.map(({ productId, ...item }) => ({ item, stake: { product: productId } })),
    ...traffic.map(({ source, ...item }) => ({ item, stake: { source } })),
    ...[...mail, ...capped].map((item) => ({ item, stake: {} })),
  ];
  const money = moneyReader(db, prices.currency, now);
  const [byProduct, bySource, byMerchant] = await Promise.all([
    money.products(found.flatMap(({ stake }) => (stake.product === undefined ? [] : [stake.product]))),
    money.sources(found.flatMap(({ stake }) => (stake.source === undefined ? [] : [stake.source]))),
    money.merchants(found.flatMap(({ stake }) => (stake.merchant === undefined ? [] : [stake.merchant]))),
  ]);
  return found.map(({ item, stake }) => ({
    ...item,
    money:
      (stake.product !== undefined ? byProduct.get(stake.product) : undefined) ??
      (stake.source !== undefined ? bySource.get(stake.source) : undefined) ??
      (stake.merchant !== undefined ? byMerchant.get(stake.merchant) : undefined) ??
      null,
  }));
}

export interface TodayList {
  items: TodayItem[];
  /** Items a snooze or a done mark holds back now. */
  hidden: number;
  currency: string;
}

// The page's loader and the menu's count ask at once when the count is due: one computation serves both.
const inFlight = new WeakMap<DB, Promise<TodayList>>();

/** The list as the owner sees it now; forgets the marks whose situation has cleared. */
export function todayList(db: DB, prices: SitePrices, now = Date.now()): Promise<TodayList> {
  const running = inFlight.get(db);
  if (running) return running;
  const list = computeTodayList(db, prices, now).finally(() => inFlight.delete(db));
  inFlight.set(db, list);
  return list;
}

async function computeTodayList(db: DB, prices: SitePrices, now: number): Promise<TodayList> {
  // A score of reads over the whole catalog: off the event loop that answers readers.
  const [found, marks] = await Promise.all([findTodayItems(offLoopHandle(db), prices, now), readMarks(db)]);
  await forgetSettledMarks(db, marks, found, now);
  const items = openItems(found, marks, now);
  remember(db, items.length, now);
  return { items, hidden: found.length - items.length, currency: prices.currency };
}

// ---- The menu's count: the list's length, at most a minute old, computed once at a time per database.

export const COUNT_FRESH_MS = 60_000;
const counts = new WeakMap<DB, { at: number; count: Promise<number> }>();

function remember(db: DB, count: number, at: number) {
  counts.set(db, { at, count: Promise.resolve(count) });
}

/**
 * The number of open items, for the admin menu: the list is computed at most once a minute, or now
 * when `fresh` (the Today page, whose list must agree with its menu).
 */
export function openTodayCount(db: DB, prices: SitePrices, now = Date.now(), { fresh = false } = {}): Promise<number> {
  const hit = counts.get(db);
  if (!fresh && hit && now - hit.at < COUNT_FRESH_MS) return hit.count;
  const count = todayList(db, prices, now).then(
    (list) => list.items.length,
    (error: unknown) => {
      log.warn(`Today's count could not be computed: ${(error as Error)?.message ?? error}`);
      counts.delete(db);
      return 0;
    },
  );
  counts.set(db, { at: now, count });
  return count;
}

/** A snooze or a done mark changes the count at once. */
export function forgetTodayCount(db: DB): void {
  counts.delete(db);
}
