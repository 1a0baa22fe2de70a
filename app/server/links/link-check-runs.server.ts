import { isBroken, isLinkOutcome } from "~/lib/links/link-outcomes";
import { runHostLimited } from "~/lib/links/host-limited-pool";
import { budgetHostOf, withinDailyBudget } from "~/lib/links/daily-budget";
import { linkTargetsOf, type LinkCheckRunView, type LinkTarget, type StoredLinkResult } from "~/lib/links/link-report";
import { toIsoString } from "../db/timestamps";
import { countLinkStates } from "./link-report.server";
import type { DB } from "../db/connection.server";
import { checkLink, type LinkCheckOptions, type LinkCheckResult } from "./link-checker.server";
import { publishedArticleLinks } from "../articles/published-articles.server";

/**
 * One run over every shop link of the catalog, and what it stores (docs/decisions/0030-link-health.md).
 * A run is claimed in the database first, so there is one at a time whichever instance or
 * trigger (the button, the schedule) asks; each result is stored as soon as it is known, with
 * the run's progress, so any instance's page can show how far it has got.
 */

export type RunTrigger = "manual" | "schedule";

export interface LinkCheckSettings extends Omit<LinkCheckOptions, "signal"> {
  /** Links checked at once in all. */
  concurrency?: number;
  /** Links checked at once on one host. */
  perHost?: number;
  /** The least time between two starts on one host. */
  perHostIntervalMs?: number;
  /** The most checks of one host in a UTC day, over every run (LINK_CHECK_SHOP_DAILY). */
  perHostDaily?: number;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_PER_HOST = 2;
/**
 * Politeness: one start per host per second at most, so 60 requests a minute to any one shop
 * however many of its offers the catalog holds (20,000 offers of one feed would otherwise come
 * as fast as the shop answers).
 */
export const DEFAULT_PER_HOST_INTERVAL_MS = 1_000;
/** A shop's checks in a day: 20,000 offers at one shop are checked over four days, not in one flood. */
export const DEFAULT_PER_HOST_DAILY = 5_000;
/** A run whose heartbeat is older than this lost its process; the next claim takes over. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

/** Every shop link the catalog has now: each product's own two, then every offer's (the links behind "Where to buy" and /go). */
export async function listLinkTargets(db: DB): Promise<LinkTarget[]> {
  const products = await db.selectFrom("products").select(["id", "name", "affiliate_link", "website"]).orderBy("id").execute();
  const offers = await db
    .selectFrom("offers as o")
    .innerJoin("products as p", "p.id", "o.product_id")
    .innerJoin("merchants as m", "m.id", "o.merchant_id")
    .select(["o.id", "o.product_id", "o.link", "o.is_primary", "p.affiliate_link", "p.name as product_name", "m.name as merchant_name"])
    .where("o.link", "is not", null)
    .orderBy("o.id")
    .execute();
  const own = products.flatMap((product) =>
    linkTargetsOf({ id: product.id, name: product.name, affiliateLink: product.affiliate_link, website: product.website }),
  );
  const ofOffers = offers
    // The primary offer carries the product's own affiliate link (the form and the product CSV write both): checked once, as the product's.
    .filter((offer) => (offer.link ?? "").trim() !== "" && !(offer.is_primary && offer.link?.trim() === offer.affiliate_link?.trim()))
    .map((offer): LinkTarget => ({
      productId: Number(offer.product_id),
      productName: offer.product_name,
      link: "offer",
      url: offer.link!.trim(),
      offerId: Number(offer.id),
      merchantName: offer.merchant_name,
    }));
  return [...own, ...ofOffers];
}

/** An off-site address the published articles link to, checked once however many use it. */
export interface ArticleLinkTarget {
  link: "article";
  url: string;
}

/** What a run checks: the catalog's shop links, then the articles' own off-site links. */
export type CheckTarget = LinkTarget | ArticleLinkTarget;

/**
 * The published articles' off-site addresses that no offer stands behind: links that earn
 * nothing, and links to a merchant's page that no offer names. A link sent through an offer is
 * that offer's link, checked as such.
 */
export async function listArticleLinkTargets(db: DB): Promise<ArticleLinkTarget[]> {
  const urls = new Set<string>();
  for (const article of await publishedArticleLinks(db))
    for (const link of article.links) if (link.kind !== "offer" && /^https?:\/\//i.test(link.url)) urls.add(link.url.trim());
  return [...urls].map((url) => ({ link: "article", url }));
}

/** Every link a run checks. */
export async function listCheckTargets(db: DB): Promise<CheckTarget[]> {
  const [catalog, articles] = await Promise.all([listLinkTargets(db), listArticleLinkTargets(db)]);
  return [...catalog, ...articles];
}

/** Where a target's stored result lives: a product's own link, an offer's, an article's address. */
function resultKey(target: CheckTarget): string {
  if (target.link === "article") return `article:${target.url}`;
  return target.link === "offer" ? `offer:${target.offerId}` : `${target.productId}:${target.link}`;
}

/**
 * The targets within every shop's daily budget (daily-budget.ts), the links checked longest ago
 * first, and how many wait for a later run: the stored results say when each link's current
 * address was last checked and how many checks each host had since midnight UTC.
 */
export async function budgetedTargets(
  db: DB,
  targets: readonly CheckTarget[],
  perHostDaily: number,
  now = Date.now(),
): Promise<{ run: CheckTarget[]; deferred: number }> {
  const [own, offers, articles] = await Promise.all([
    db.selectFrom("link_check_results").select(["product_id", "link", "url", "checked_at"]).execute(),
    db.selectFrom("offer_link_results").select(["offer_id", "url", "checked_at"]).execute(),
    db.selectFrom("article_link_results").select(["url", "checked_at"]).execute(),
  ]);
  const midnight = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
  const last = new Map<string, { url: string; at: number }>();
  const today = new Map<string, number>();
  const note = (key: string, url: string, checkedAt: Date | string) => {
    const at = Date.parse(toIsoString(checkedAt));
    last.set(key, { url, at });
    if (at >= midnight) today.set(budgetHostOf(url), (today.get(budgetHostOf(url)) ?? 0) + 1);
  };
  for (const row of own) note(`${row.product_id}:${row.link}`, row.url, row.checked_at);
  for (const row of offers) note(`offer:${row.offer_id}`, row.url, row.checked_at);
  for (const row of articles) note(`article:${row.url}`, row.url, row.checked_at);
  const { run, deferred } = withinDailyBudget(
    targets.map((target) => {
      const stored = last.get(resultKey(target));
      // A result of an earlier address says nothing of this one: never checked.
      return { target, url: target.url, lastCheckedAt: stored && stored.url === target.url ? stored.at : null };
    }),
    today,
    perHostDaily,
  );
  return { run: run.map((entry) => entry.target), deferred };
}

// An outcome this version does not know (written by a newer one) shows as broken, not as working.
const knownOutcome = (outcome: string) => (isLinkOutcome(outcome) ? outcome : "unexpected-response");

export async function listStoredResults(db: DB): Promise<StoredLinkResult[]> {
  const [own, ofOffers] = await Promise.all([
    db.selectFrom("link_check_results").selectAll().execute(),
    db.selectFrom("offer_link_results as r").innerJoin("offers as o", "o.id", "r.offer_id").selectAll("r").select("o.product_id").execute(),
  ]);
  const common = (row: (typeof own)[number] | (typeof ofOffers)[number]) => ({
    url: row.url,
    outcome: knownOutcome(row.outcome),
    statusCode: row.status_code,
    finalUrl: row.final_url,
    error: row.error,
    checkedAt: toIsoString(row.checked_at),
    durationMs: row.duration_ms,
  });
  return [
    ...own.map((row): StoredLinkResult => ({ productId: row.product_id, link: row.link, ...common(row) })),
    ...ofOffers.map((row): StoredLinkResult => ({
      productId: Number(row.product_id),
      link: "offer",
      offerId: Number(row.offer_id),
      ...common(row),
    })),
  ];
}

/** How many of the catalog's current links their last check found broken (the dashboard's figure). */
export async function countBrokenLinks(db: DB): Promise<number> {
  return (await countLinkStates(db)).broken;
}

export async function latestLinkCheckRun(db: DB): Promise<LinkCheckRunView | null> {
  const row = await db.selectFrom("link_check_runs").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    trigger: row.trigger,
    running: row.active !== null,
    total: row.total,
    checked: row.checked,
    broken: row.broken,
    deferred: Number(row.deferred ?? 0),
    startedAt: toIsoString(row.started_at),
    finishedAt: row.finished_at === null ? null : toIsoString(row.finished_at),
    error: row.error,
  };
}

/**
 * Starts a run over `total` links unless one is in progress: its id, or null. A run whose
 * heartbeat stopped long ago (its process died mid-run) is closed first, so it cannot block
 * checks for ever.
 */
export async function claimLinkCheckRun(db: DB, trigger: RunTrigger, total: number, now = new Date()): Promise<number | null> {
  const nowIso = now.toISOString();
  await db
    .updateTable("link_check_runs")
    .set({ active: null, finished_at: nowIso, error: "Interrupted: the server stopped during the run" })
    .where("active", "=", 1)
    .where("heartbeat_at", "<", new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString())
    .execute();
  const inserted = await db
    .insertInto("link_check_runs")
    .values({ trigger, active: 1, total, started_at: nowIso, heartbeat_at: nowIso })
    .onConflict((oc) => oc.column("active").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** The run in progress, if any, ends with this error (its worker was interrupted). */
export async function closeActiveLinkCheckRun(db: DB, error: string): Promise<void> {
  await db
    .updateTable("link_check_runs")
    .set({ active: null, finished_at: new Date().toISOString(), error })
    .where("active", "=", 1)
    .execute();
}

async function finishRun(db: DB, runId: number, error: string | null) {
  await db
    .updateTable("link_check_runs")
    .set({ active: null, finished_at: new Date().toISOString(), error })
    .where("id", "=", runId)
    .execute();
}

/** A product or offer deleted while its link was being checked: its result has nowhere to go. */
function isMissingProduct(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

async function storeResult(db: DB, runId: number, target: CheckTarget, result: LinkCheckResult) {
  const checkedAt = new Date().toISOString();
  const values = {
    url: target.url,
    outcome: result.outcome,
    status_code: result.statusCode,
    final_url: result.finalUrl,
    error: result.error,
    checked_at: checkedAt,
    duration_ms: result.durationMs,
    run_id: runId,
  };
  try {
    if (target.link === "article") {
      const { url: _url, ...rest } = values;
      await db
        .insertInto("article_link_results")
        .values(values)
        .onConflict((oc) => oc.column("url").doUpdateSet(rest))
        .execute();
    } else if (target.link === "offer") {
      await db
        .insertInto("offer_link_results")
        .values({ offer_id: target.offerId!, ...values })
        .onConflict((oc) => oc.column("offer_id").doUpdateSet(values))
        .execute();
    } else {
      await db
        .insertInto("link_check_results")
        .values({ product_id: target.productId, link: target.link, ...values })
        .onConflict((oc) => oc.columns(["product_id", "link"]).doUpdateSet(values))
        .execute();
    }
  } catch (error) {
    if (!isMissingProduct(error)) throw error;
  }
  // Progress and heartbeat: counted even for a vanished product, so the run reaches its total.
  await db
    .updateTable("link_check_runs")
    .set((eb) => ({
      checked: eb("checked", "+", 1),
      broken: eb("broken", "+", isBroken(result.outcome) ? 1 : 0),
      heartbeat_at: checkedAt,
    }))
    .where("id", "=", runId)
    .execute();
}

function hostOf(target: CheckTarget): string {
  try {
    return new URL(target.url).host.toLowerCase();
  } catch {
    return "";
  }
}

/**
 * Checks every target of a claimed run and stores each result; closes the run however it ends.
 * The same address on several products is asked once per run.
 */
export async function runClaimedLinkCheck(
  db: DB,
  runId: number,
  targets: CheckTarget[],
  settings: LinkCheckSettings,
  signal?: AbortSignal,
  onChecked?: (checked: number) => void,
): Promise<void> {
  const byUrl = new Map<string, Promise<LinkCheckResult>>();
  let error: string | null = null;
  let checked = 0;
  // The owner's Cancel, or the worker stopping, says why in its own words.
  const stoppedText = () => (signal?.reason instanceof Error ? signal.reason.message : "Stopped: the server shut down during the run");
  try {
    await runHostLimited(
      targets,
      hostOf,
      {
        limit: settings.concurrency ?? DEFAULT_CONCURRENCY,
        perHost: settings.perHost ?? DEFAULT_PER_HOST,
        perHostIntervalMs: settings.perHostIntervalMs ?? DEFAULT_PER_HOST_INTERVAL_MS,
        signal,
      },
      async (target) => {
        let check = byUrl.get(target.url);
        if (!check) {
          check = checkLink(target.url, { ...settings, signal });
          byUrl.set(target.url, check);
        }
        await storeResult(db, runId, target, await check);
        onChecked?.(++checked);
      },
    );
    if (signal?.aborted) error = stoppedText();
  } catch (failure) {
    error = signal?.aborted ? stoppedText() : `Failed: ${(failure as Error)?.message ?? failure}`;
    if (!signal?.aborted) throw failure;
  } finally {
    await finishRun(db, runId, error);
  }
}

/** Claims a run and checks every link now; false when another run is in progress. */
export async function checkAllLinks(db: DB, trigger: RunTrigger, settings: LinkCheckSettings, signal?: AbortSignal): Promise<boolean> {
  const runId = await claimLinkCheckRun(db, trigger, 0);
  if (runId === null) return false;
  const targets = await listRunTargets(db, runId, settings);
  await runClaimedLinkCheck(db, runId, targets, settings, signal);
  return true;
}

/**
 * For a run just claimed (so its page shows it at once): every link it checks, within the shops'
 * daily budgets, written to the run as its total and what waits. Listing reads every result and
 * renders the published articles, which takes seconds on a busy machine. A failure ends the run.
 */
export async function listRunTargets(db: DB, runId: number, settings: LinkCheckSettings): Promise<CheckTarget[]> {
  try {
    const { run, deferred } = await budgetedTargets(db, await listCheckTargets(db), settings.perHostDaily ?? DEFAULT_PER_HOST_DAILY);
    await db.updateTable("link_check_runs").set({ total: run.length, deferred }).where("id", "=", runId).execute();
    return run;
  } catch (failure) {
    await finishRun(db, runId, `Failed: ${(failure as Error)?.message ?? failure}`);
    throw failure;
  }
}
