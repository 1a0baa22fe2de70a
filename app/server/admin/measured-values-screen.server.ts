import { data } from "react-router";
import { readValuesForm, valueFieldLabels, valuesFormValues } from "~/lib/measurements/measurement-forms";
import type { FormFailure } from "~/lib/forms/parse-form";
import { formValues } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import type { MeasurementDefinition } from "~/lib/measurements/measurements";
import { recordAdminAction } from "../audit/audit-log.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { claimVersion, saveUnlessNewer, versionOf } from "../forms/edit-conflict.server";
import { redirectWithFlash } from "../forms/flash.server";
import type { IntentArgs } from "../forms/intents.server";
import { listMeasurementDefinitions, measurementValuesFor, writeProductMeasurements } from "../measurements/measurements.server";
import { findProductById } from "../products/products.server";

/**
 * The review screen's "Test results" form: a product's measured values, each with the day measured
 * and the method version it was taken under (docs/decisions/0109). The save claims the product's
 * version, as the review's own save does, so two people saving the same product's results (or its
 * review) cannot silently overwrite each other.
 */

/** The measurements and the product's values as the form shows them. */
export async function loadMeasuredValues(db: DB, productId: number) {
  const [definitions, values] = await Promise.all([listMeasurementDefinitions(db), measurementValuesFor(db, [productId])]);
  return {
    definitions: definitions.map(({ id, name, unit, better, methodVersion }) => ({ id, name, unit, better, methodVersion })),
    values: valuesFormValues(definitions, values),
  };
}

export interface MeasuredValuesActionResult {
  toast: ResultToast;
  measuredForm?: FormFailure;
}

/**
 * Writes the product's values at the product version the form was loaded at, in one transaction:
 * StaleVersion when someone saved the product since; null when the product is gone.
 */
export async function writeMeasuredValues(
  db: DB,
  productId: number,
  definitions: readonly MeasurementDefinition[],
  form: FormData,
  version: number,
  today = new Date().toISOString().slice(0, 10),
): Promise<{ ok: true; changed: number } | { ok: false; failure: FormFailure } | null> {
  const parsed = readValuesForm(formValues(form), definitions, today);
  if (!parsed.ok) return { ok: false, failure: parsed };
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await claimVersion(trx, "products", productId, version))) return null;
    return writeProductMeasurements(trx, productId, parsed.entries);
  });
  return changed === null ? null : { ok: true, changed };
}

export async function saveMeasuredValuesIntent(
  { form: sent, request, context }: Pick<IntentArgs, "form" | "request" | "context">,
  productId: number,
) {
  const product = await findProductById(context.db, productId);
  if (!product) throw data("There is no product with this number: it may have been deleted.", { status: 404 });
  const definitions = await listMeasurementDefinitions(context.db);
  const answer = await saveUnlessNewer({
    form: sent,
    labels: valueFieldLabels(definitions),
    current: async () => {
      const version = await versionOf(context.db, "products", product.id);
      if (version === null) return null;
      return { version, values: valuesFormValues(definitions, await measurementValuesFor(context.db, [product.id])) };
    },
    reloadTo: `/admin/reviews/${product.id}#test-results`,
    scope: "measured-values",
    save: async (form, version) => {
      const written = await writeMeasuredValues(context.db, product.id, definitions, form, version);
      if (!written) throw data("There is no product with this number: it may have been deleted.", { status: 404 });
      if (!written.ok) {
        return data<MeasuredValuesActionResult>(
          {
            toast: { kind: "error", title: "Test results not saved", description: "Check the highlighted measurements." },
            measuredForm: written.failure,
          },
          { status: 400 },
        );
      }
      await recordAdminAction(
        { request, context },
        "measured-values-saved",
        `Test results of ${product.slug} (id ${product.id}) saved: ${written.changed} ${written.changed === 1 ? "value" : "values"} changed`,
      );
      if (written.changed > 0) invalidateCatalog(context.db);
      throw await redirectWithFlash(request, context.config, `/admin/reviews/${product.id}#test-results`, {
        toast: {
          kind: "success",
          title: "Test results saved",
          description: written.changed === 0 ? "Nothing had changed." : "The product page shows them now.",
        },
      });
    },
  });
  // A conflict comes back as `conflict`: the review screen shows the choice in its forms' place.
  return answer;
}
