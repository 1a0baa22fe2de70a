import { summarizePlan } from "~/lib/csv/import-plan";
import type { OfferFieldColumn, OfferImport } from "~/lib/csv/offer-csv";
import { offerRowsRefusal } from "~/lib/csv/offer-csv";
import { databaseMessage, ImportRowError, PlanChanged } from "../admin/save-errors";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import type { DB } from "../db/connection.server";
import { planOfferImport, type OfferPlan } from "./offer-plan.server";
import { writeOffer } from "./offer-writes.server";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrices } from "./maintained-price.server";

/**
 * Saving an offers CSV: every new or changed row is written (source "csv", confirmed now, its
 * price-change time moved only when the price moved), then the displayed price of every product
 * it touched is refreshed, all in one transaction, so a failure on any row saves nothing and no
 * page ever shows a price the offers do not give.
 */

/** Rows that name no product or merchant: the whole file is refused, naming them. */
export class OfferRowsUnmatched extends Error {
  override name = "OfferRowsUnmatched";

  constructor(readonly problems: readonly string[]) {
    super(offerRowsRefusal(problems));
  }
}

export interface OfferSaveResult {
  saved: number;
  unchanged: number;
  plan: OfferPlan;
}

export interface OfferSaveOptions {
  /** The previewed plan's fingerprint: a plan that differs now saves nothing (PlanChanged). */
  expectedFingerprint?: string;
  /** The site's price settings (config.prices), for the displayed price. */
  prices?: { country: string; currency: string; maxAgeMs: number };
  /** Heard between rows (the run's Cancel): its reason is thrown, and the transaction rolls back. */
  signal?: AbortSignal;
  /** The last step inside the save's transaction: a run ends itself here, so its end commits with the rows. */
  beforeCommit?(trx: DB, result: OfferSaveResult): Promise<void>;
}

export async function saveOffers(
  db: DB,
  offers: readonly OfferImport[],
  columns: readonly OfferFieldColumn[],
  options: OfferSaveOptions = {},
): Promise<OfferSaveResult> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const plan = await planOfferImport(trx, offers, columns);
    if (plan.unmatched.length > 0) throw new OfferRowsUnmatched(plan.unmatched);
    if (options.expectedFingerprint !== undefined && options.expectedFingerprint !== plan.fingerprint)
      throw new PlanChanged(summarizePlan(plan.rows, plan.fingerprint));
    for (const [at, { offer, productId, merchantId, stored }] of plan.write.entries()) {
      if (at % 500 === 0) options.signal?.throwIfAborted();
      try {
        await writeOffer(trx, { productId, merchantId, fields: offer, columns, source: "csv" }, stored, now);
      } catch (error) {
        throw new ImportRowError(offer.rowNumber, offer.productSlug, databaseMessage(error));
      }
    }
    if (plan.write.length > 0) {
      await refreshProductPrices(
        trx,
        plan.write.map((entry) => entry.productId),
        priceSettingsAt(options.prices ?? DEFAULT_PRICES, Date.parse(now)),
      );
      await publishCatalogChange(trx);
    }
    options.signal?.throwIfAborted();
    const result: OfferSaveResult = { saved: plan.write.length, unchanged: offers.length - plan.write.length, plan };
    await options.beforeCommit?.(trx, result);
    return result;
  });
}
