import { linkFrom, linkSource, trackedLinkHref } from "~/lib/clicks/tracked-link";
import { lastSentCutoff, previousPriceMinor, shouldSendAlert } from "~/lib/alerts/price-alert-rule";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import type { PeriodicJob } from "../jobs/job-runner.server";
import type { JobContext } from "../jobs/job-worker.server";
import { log } from "../log.server";
import { recordCappedAlerts } from "../admin/today/mail.server";
import { priceDropMail } from "./price-alert-mail";
import { alertUnsubscribeUrl, displayedPrices, type PriceAlertContext } from "./price-alerts.server";

/**
 * The job that mails price-drop alerts (docs/decisions/0062-price-drop-alerts.md). It walks the
 * confirmed alerts in batches by id (10,000 alerts never sit in memory at once), computes each
 * batch's displayed prices with the one price rule, and queues a mail for each alert the rule says
 * is due.
 *
 * Once per alert, whatever runs at the same time: an alert is claimed by one conditional UPDATE
 * (last_sent_at set, only where it is still older than 7 days), and its mail is written to the
 * outbox in the same transaction, one per batch (docs/decisions/0101). A crash loses neither: the
 * batch commits whole or not at all, and the worker's sender sends what committed. An alert whose
 * address has had its day's share of mail (recipient-cap.server.ts) is not claimed: it stays due,
 * and a run after the share has room again mails it.
 */

export const PRICE_ALERTS_JOB_NAME = "price-alerts";
export const PRICE_ALERTS_EVERY_MS = 15 * 60_000;
/** Alerts read and decided per round. */
export const PRICE_ALERT_BATCH = 100;
/** A burst of saves (an import, several forms) makes one run, this long after the last. */
export const AFTER_CATALOG_CHANGE_MS = 5_000;

export type PriceAlertJobContext = Omit<PriceAlertContext, "db"> & { batchSize?: number };

function confirmedAlertsAfter(db: DB, afterId: number, cutoffIso: string, limit: number) {
  return (
    db
      .selectFrom("price_alerts")
      .innerJoin("products", "products.id", "price_alerts.product_id")
      .select([
        "price_alerts.id",
        "price_alerts.email",
        "price_alerts.product_id",
        "price_alerts.target_price_minor",
        "price_alerts.currency",
        "price_alerts.price_at_subscribe_minor",
        "price_alerts.last_sent_at",
        "price_alerts.last_sent_price_minor",
        "products.name",
        "products.slug",
      ])
      .where("price_alerts.status", "=", "confirmed")
      .where("price_alerts.id", ">", afterId)
      // Mailed within 7 days: not due whatever the price, so not even read.
      .where((eb) => eb.or([eb("price_alerts.last_sent_at", "is", null), eb("price_alerts.last_sent_at", "<=", cutoffIso)]))
      .orderBy("price_alerts.id")
      .limit(limit)
      .execute()
  );
}

const money = (value: number | string | null): number | null => (value === null ? null : Number(value));

export interface PriceAlertRun {
  /** Alerts read. */
  checked: number;
  /** Mails written to the outbox (one per alert claimed). */
  queued: number;
  /** Due alerts left due because their address has had its day's share of mail. */
  capped: number;
}

/** One pass over every confirmed alert. */
export async function sendDuePriceAlerts(db: DB, ctx: PriceAlertJobContext, job?: JobContext): Promise<PriceAlertRun> {
  const now = (ctx.now ?? (() => new Date()))();
  const nowIso = now.toISOString();
  const cutoffIso = lastSentCutoff(now).toISOString();
  const batchSize = ctx.batchSize ?? PRICE_ALERT_BATCH;
  const run: PriceAlertRun = { checked: 0, queued: 0, capped: 0 };
  let afterId = 0;
  for (;;) {
    const alerts = await confirmedAlertsAfter(db, afterId, cutoffIso, batchSize);
    if (alerts.length === 0) break;
    afterId = alerts.at(-1)!.id;
    run.checked += alerts.length;
    const prices = await displayedPrices(
      db,
      alerts.map((alert) => alert.product_id),
      ctx.prices,
      now,
    );
    const due = alerts.flatMap((alert) => {
      const shown = prices.get(alert.product_id);
      const current = shown?.kind === "price" ? { amountMinor: shown.amountMinor, currency: shown.currency } : null;
      const state = {
        targetMinor: money(alert.target_price_minor),
        currency: alert.currency,
        priceAtSubscribeMinor: Number(alert.price_at_subscribe_minor),
        lastSentAt: alert.last_sent_at === null ? null : new Date(toIsoString(alert.last_sent_at)),
        lastSentPriceMinor: money(alert.last_sent_price_minor),
      };
      return current && shouldSendAlert(state, current, now) ? [{ alert, current, state }] : [];
    });
    // By address: runs at once then take the addresses' mail counts in one order (PostgreSQL locks them).
    due.sort((a, b) => (a.alert.email < b.alert.email ? -1 : a.alert.email > b.alert.email ? 1 : a.alert.id - b.alert.id));
    if (due.length > 0) {
      const batch = await db.transaction().execute(async (trx) => {
        const counts = { queued: 0, capped: 0 };
        for (const { alert, current, state } of due) {
          job?.signal.throwIfAborted();
          const claim = await trx
            .updateTable("price_alerts")
            .set({ last_sent_at: nowIso, last_sent_price_minor: current.amountMinor })
            .where("id", "=", alert.id)
            .where("status", "=", "confirmed")
            .where((eb) => eb.or([eb("last_sent_at", "is", null), eb("last_sent_at", "<=", cutoffIso)]))
            .executeTakeFirst();
          if (Number(claim.numUpdatedRows) !== 1) continue;
          const mail = priceDropMail(alert.email, {
            productName: alert.name,
            currency: current.currency,
            newPriceMinor: current.amountMinor,
            oldPriceMinor: previousPriceMinor(state),
            shopLink: `${ctx.baseUrl}${trackedLinkHref(alert.slug, linkFrom(linkSource.priceAlert, "email"))}`,
            reviewLink: `${ctx.baseUrl}/reviews/product/${encodeURIComponent(alert.slug)}`,
            unsubscribe: alertUnsubscribeUrl(ctx.baseUrl, ctx.authSecret, alert.id, alert.email),
          });
          const outcome = await ctx.mail.queue(trx, mail, { now: now.getTime(), overCap: "hold" });
          if (outcome.queued) {
            counts.queued += 1;
            continue;
          }
          // Over the cap: the claim is undone before anyone sees it, and the alert stays due.
          counts.capped += 1;
          await trx
            .updateTable("price_alerts")
            .set({
              last_sent_at: alert.last_sent_at === null ? null : toIsoString(alert.last_sent_at),
              last_sent_price_minor: state.lastSentPriceMinor,
            })
            .where("id", "=", alert.id)
            .execute();
        }
        return counts;
      });
      run.queued += batch.queued;
      run.capped += batch.capped;
    }
    job?.progress({ done: run.checked, note: `${run.queued} mailed` });
    if (alerts.length < batchSize) break;
  }
  // The owner's Today list says when alerts wait on the cap (admin/today/mail.server.ts).
  await recordCappedAlerts(db, run.capped, now.getTime());
  if (run.queued > 0 || run.capped > 0) {
    log.info(
      `Price alerts: ${run.queued} mailed of ${run.checked} checked` +
        (run.capped > 0 ? `; ${run.capped} held back by the daily mail cap, still due` : ""),
    );
  }
  return run;
}

export function priceAlertJob(ctx: PriceAlertJobContext): PeriodicJob {
  return { name: PRICE_ALERTS_JOB_NAME, everyMs: PRICE_ALERTS_EVERY_MS, run: (db, job) => sendDuePriceAlerts(db, ctx, job) };
}

/**
 * Runs the job soon after every catalog change (a price saved here, or on another instance: those
 * reach invalidateCatalog too), so a reader hears of a drop in seconds, not at the next period.
 * The runner's lock keeps it to one run across instances; a change that lands while a run is in
 * progress is looked at again once it ends. Returns the function that stops listening.
 */
export function runPriceAlertsAfterCatalogChanges(
  db: DB,
  runNow: (name: string) => Promise<boolean>,
  delayMs = AFTER_CATALOG_CHANGE_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = (retries: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      runNow(PRICE_ALERTS_JOB_NAME).then(
        (ran) => {
          // Another run held the job (here or elsewhere): it may have read the prices before this change.
          if (!ran && retries > 0) schedule(retries - 1);
        },
        (error: unknown) => log.error(`Price alerts could not run after a catalog change: ${(error as Error)?.message ?? error}`),
      );
    }, delayMs);
    timer.unref();
  };
  const stopListening = onCatalogChange(db, () => schedule(3));
  return () => {
    stopListening();
    clearTimeout(timer);
  };
}
