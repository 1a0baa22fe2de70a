import { appContext } from "~/server/load-context";
import { offerCsvLines } from "~/server/admin/catalog-export.server";
import { csvDownload } from "~/server/http/csv-download.server";
import type { Route } from "./+types/offers-export";

/**
 * GET /admin/offers/export.csv: every offer in the offers import's format (merchants by slug,
 * prices in their currency's major units), so an untouched file imports as 0 new, 0 changed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return csvDownload(offerCsvLines(context.get(appContext).db), `offers-${new Date().toISOString().slice(0, 10)}.csv`);
}
