import type { AppServices } from "~/server/load-context";
import { data } from "react-router";
import type { PickEntryErrors, PickEntryInput } from "~/lib/collection/pick-roles";
import type { ResultToast } from "~/lib/forms/result-toast";
import { recordAdminAction } from "../audit/audit-log.server";
import { readPickEntries, savePickEntries } from "../catalog/collection-picks.server";
import { toCollection } from "../catalog/collection-rows";
import { readFlash, redirectWithFlash } from "../forms/flash.server";
import type { IntentArgs } from "../forms/intents.server";
import { log } from "../log.server";
import { loadCollectionPage } from "../pages/collection.server";

/**
 * /admin/collections/:collectionId/picks, the server half: the collection's picks and "Also
 * tested" entries as the owner edits them, the saunas its page lists (offered as suggestions),
 * and the save, which keeps everything typed when a rule refuses it.
 */

/** Spare blank rows under the stored ones: room for a few more without a second visit. */
const SPARE_ROWS = 3;
/** Suggestions offered in the product field: the first saunas of the collection's page. */
const SUGGESTIONS = 60;

async function findCollection(context: AppServices, collectionId: number) {
  const row =
    Number.isSafeInteger(collectionId) && collectionId > 0
      ? await context.db.selectFrom("collections").selectAll().where("id", "=", collectionId).executeTakeFirst()
      : undefined;
  if (!row) throw data("There is no collection with this number: it may have been deleted.", { status: 404 });
  return toCollection(row);
}

const blankRow = (): PickEntryInput => ({ product: "", role: "", label: "", reason: "" });

export async function loadPicksScreen(request: Request, context: AppServices, collectionId: number) {
  const collection = await findCollection(context, collectionId);
  const [entries, suggestions, { flash, headers }] = await Promise.all([
    readPickEntries(context.db, collection.id),
    suggestionsFor(context, collection.slug),
    readFlash(request, context.config),
  ]);
  const rows: PickEntryInput[] = [
    ...entries.map((entry) => ({ product: entry.productSlug, role: entry.role, label: entry.label ?? "", reason: entry.reason })),
    ...Array.from({ length: SPARE_ROWS }, blankRow),
  ];
  return data(
    {
      collection: { id: collection.id, slug: collection.slug, title: collection.title },
      rows,
      names: Object.fromEntries(entries.map((entry) => [entry.productSlug, entry.productName])),
      suggestions,
      flash,
    },
    { headers },
  );
}

/** The saunas the collection's page lists first; a page that cannot be read only offers none. */
async function suggestionsFor(context: AppServices, slug: string): Promise<{ slug: string; name: string }[]> {
  try {
    const page = await loadCollectionPage(context.db, slug, { pageSize: SUGGESTIONS });
    return page.saunas.map((sauna) => ({ slug: sauna.slug, name: sauna.name }));
  } catch (error) {
    if (!(error instanceof Error)) return [];
    log.warn(`The picks editor could not list the saunas of ${slug}: ${error.message}`);
    return [];
  }
}

export interface PicksActionResult {
  toast: ResultToast;
  rows: PickEntryInput[];
  /** Errors by row index, as the rows are shown. */
  rowErrors: Record<number, PickEntryErrors>;
  formErrors: string[];
}

/** The typed rows, in order: each field comes once per row, so the lists line up. */
export function typedRows(form: FormData): PickEntryInput[] {
  const texts = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const [products, roles, labels, reasons] = [texts("product"), texts("role"), texts("label"), texts("reason")];
  return products.map((product, index) => ({
    product,
    role: roles[index] ?? "",
    label: labels[index] ?? "",
    reason: reasons[index] ?? "",
  }));
}

export async function savePicksScreen({ form, request, context }: Pick<IntentArgs, "form" | "request" | "context">, collectionId: number) {
  const collection = await findCollection(context, collectionId);
  const rows = typedRows(form);
  const saved = await savePickEntries(context.db, collection.id, rows);
  if (!saved.ok) {
    return data<PicksActionResult>(
      {
        toast: {
          kind: "error",
          title: "Picks not saved",
          description: saved.form[0] ?? "Check the highlighted rows; nothing was changed.",
        },
        rows,
        rowErrors: Object.fromEntries(saved.rows),
        formErrors: saved.form,
      },
      { status: 400 },
    );
  }
  const picks = saved.saved.filter((entry) => entry.role !== "also-tested").length;
  const alsoTested = saved.saved.length - picks;
  await recordAdminAction(
    { request, context },
    "collection-picks-saved",
    `Picks of ${collection.slug} (id ${collection.id}): ${picks} ${picks === 1 ? "pick" : "picks"}, ${alsoTested} also tested`,
  );
  throw await redirectWithFlash(request, context.config, `/admin/collections/${collection.id}/picks`, {
    toast: { kind: "success", title: "Picks saved", description: "The collection page shows them now." },
  });
}
