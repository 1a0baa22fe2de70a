import { data } from "react-router";
import { formatMinor } from "~/lib/offers/currencies";
import { formValues, parseForm, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { OFFER_FORM_FIELDS, offerFormSchema, offerFormValues, type OfferFormField, type OfferFormValue } from "~/lib/offers/offer-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { redirectWithFlash } from "../forms/flash.server";
import type { IntentTable } from "../forms/intents.server";
import { claimVersion, saveUnlessNewer } from "../forms/edit-conflict.server";
import { productOffersForAdmin } from "./offer-admin-reads.server";
import { findStoredOffer, storedOfferFor, storedOffersOf, writeOffer } from "./offer-writes.server";
import { priceSettingsAt, refreshProductPrices } from "./maintained-price.server";

/**
 * The product screen's offer intents (add, edit, delete one offer of the product), kept apart
 * from the products route. Each change and the refresh of the product's displayed price happen
 * in one transaction, and each is recorded in the audit log.
 */

/** What the offer form shows after a refused save; `key` is the offer's id, or "new". */
export interface OfferFormState {
  key: string;
  values: FormValues;
  fieldErrors?: FieldErrors<OfferFormField>;
  formError?: string | null;
}

/** A change the rules refuse, in words for the admin. */
class OfferRefused extends Error {
  override name = "OfferRefused";
}

type Prices = { country: string; currency: string; maxAgeMs: number };

async function refreshAndPublish(trx: DB, productId: number, prices: Prices, now: string) {
  await refreshProductPrices(trx, [productId], priceSettingsAt(prices, Date.parse(now)));
  await publishCatalogChange(trx);
}

/** Adds or changes the offer; returns what the flash and the audit log say about it. */
export async function saveOfferFromForm(
  db: DB,
  value: OfferFormValue,
  prices: Prices,
  /** The version the edit form loaded: a change over a newer one throws StaleVersion (docs/decisions/0103-no-silent-overwrite.md). */
  version?: number,
): Promise<{ offerId: number; words: string }> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select(["id", "slug"]).where("id", "=", value.productId).executeTakeFirst();
    if (!product) throw new OfferRefused("This product no longer exists.");
    let stored = value.offerId === null ? undefined : ((await findStoredOffer(trx, value.offerId)) ?? undefined);
    if (value.offerId !== null && stored?.productId !== value.productId)
      throw new OfferRefused("This offer no longer exists; it may have been deleted.");
    if (stored && version !== undefined && !(await claimVersion(trx, "offers", stored.id, version)))
      throw new OfferRefused("This offer no longer exists; it may have been deleted.");
    const merchantId = stored?.merchantId ?? value.merchantId!;
    const merchant = await trx.selectFrom("merchants").select(["name", "slug"]).where("id", "=", merchantId).executeTakeFirst();
    if (!merchant) throw new OfferRefused("This merchant no longer exists.");
    if (!stored) {
      stored = storedOfferFor(await storedOffersOf(trx, [value.productId]), value.productId, merchantId);
      if (stored) throw new OfferRefused(`This product already has an offer from ${merchant.name}: edit that one.`);
    }
    const offerId = await writeOffer(
      trx,
      { productId: value.productId, merchantId, fields: value.fields, columns: OFFER_FORM_FIELDS, source: "form" },
      stored,
      now,
    );
    await refreshAndPublish(trx, value.productId, prices, now);
    const price = value.fields.priceMinor === null ? "no price" : formatMinor(value.fields.priceMinor, value.fields.currency);
    return {
      offerId,
      words: `${stored ? "Changed" : "Added"} the offer of ${product.slug} at ${merchant.slug} (id ${offerId}): ${price}, ${value.fields.availability}`,
    };
  });
}

export async function deleteOfferFromForm(
  db: DB,
  productId: number,
  offerId: number,
  prices: Prices,
): Promise<{ words: string; wasPrimary: boolean }> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await findStoredOffer(trx, offerId);
    if (!stored || stored.productId !== productId) throw new OfferRefused("This offer no longer exists; it may have been deleted.");
    const names = await trx
      .selectFrom("offers")
      .innerJoin("products", "products.id", "offers.product_id")
      .innerJoin("merchants", "merchants.id", "offers.merchant_id")
      .select(["products.slug as product", "merchants.slug as merchant"])
      .where("offers.id", "=", offerId)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("offers").where("id", "=", offerId).execute();
    await refreshAndPublish(trx, productId, prices, now);
    return { words: `Deleted the offer of ${names.product} at ${names.merchant} (id ${offerId})`, wasPrimary: stored.isPrimary };
  });
}

/** The offer form's fields with the labels it shows, for a save conflict. */
const OFFER_FIELD_LABELS = [
  ["link", "Link (affiliate)"],
  ["price", "Price"],
  ["currency", "Currency"],
  ["sale_price", "Sale price"],
  ["sale_end", "Sale ends"],
  ["availability", "Availability"],
  ["available_from", "Ships from"],
  ["shipping_note", "Shipping note"],
  ["countries", "Countries"],
] as const;

const backTo = (productId: number) => `/admin/products?edit=${productId}#product-offers`;
const refused = (toast: ResultToast, offerForm?: OfferFormState, status = 400) => data({ toast, offerForm }, { status });

export const offerIntents = {
  "save-offer": async ({ form: sent, request, context }) => {
    const key = String(sent.get("offer_id") ?? "") || "new";
    const save = async (form: FormData, version: number) => {
      const parsed = parseForm(form, offerFormSchema);
      const notSaved = (description: string) => ({ kind: "error" as const, title: "Offer not saved", description });
      if (!parsed.ok) {
        return refused(notSaved(parsed.formError ?? "Check the highlighted fields."), { key, ...parsed });
      }
      try {
        const { words } = await saveOfferFromForm(
          context.db,
          parsed.value,
          context.config.prices,
          parsed.value.offerId === null ? undefined : version,
        );
        invalidateCatalog(context.db);
        await recordAdminAction({ request, context }, "offer-saved", words);
        throw await redirectWithFlash(request, context.config, backTo(parsed.value.productId), {
          toast: { kind: "success", title: "Offer saved", description: "The product's price is refreshed." },
          notes: parsed.value.warnings.map((warning) => `Offer: ${warning}`),
        });
      } catch (error) {
        if (!(error instanceof OfferRefused)) throw error;
        return refused(notSaved(error.message), { key, values: formValues(form), formError: error.message }, 409);
      }
    };
    const offerId = Number(key);
    const productId = Number(sent.get("product_id"));
    if (key === "new" || !Number.isSafeInteger(offerId) || !Number.isSafeInteger(productId)) return save(sent, 0);
    return saveUnlessNewer({
      form: sent,
      labels: OFFER_FIELD_LABELS,
      current: async () => {
        const offer = (await productOffersForAdmin(context.db, productId)).find((candidate) => candidate.id === offerId);
        return offer ? { version: offer.version, values: offerFormValues(offer) } : null;
      },
      reloadTo: backTo(productId),
      scope: `offer:${offerId}`,
      save,
    });
  },

  "delete-offer": async ({ form, request, context }) => {
    const productId = Number(form.get("product_id"));
    const offerId = Number(form.get("offer_id"));
    if (!Number.isSafeInteger(productId) || !Number.isSafeInteger(offerId) || productId <= 0 || offerId <= 0) {
      return refused({ kind: "error", title: "Nothing deleted", description: "The form names no offer." });
    }
    try {
      const { words, wasPrimary } = await deleteOfferFromForm(context.db, productId, offerId, context.config.prices);
      invalidateCatalog(context.db);
      await recordAdminAction({ request, context }, "offer-deleted", words);
      throw await redirectWithFlash(request, context.config, backTo(productId), {
        toast: { kind: "success", title: "Offer deleted", description: "The product's price is refreshed." },
        notes: wasPrimary ? ["It was the primary offer: the product form's price and affiliate link are now empty."] : [],
      });
    } catch (error) {
      if (!(error instanceof OfferRefused)) throw error;
      return refused({ kind: "error", title: "Offer not deleted", description: error.message }, undefined, 409);
    }
  },
} satisfies IntentTable;
