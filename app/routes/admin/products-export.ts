import { appContext } from "~/server/load-context";
import { productCsvLines } from "~/server/admin/catalog-export.server";
import { csvDownload } from "~/server/http/csv-download.server";
import type { Route } from "./+types/products-export";

/**
 * GET /admin/products/export.csv: every product in the import's format, so the file can be
 * edited in a spreadsheet and imported back (an untouched file imports as 0 new, 0 changed).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return csvDownload(productCsvLines(context.get(appContext).db), `products-${new Date().toISOString().slice(0, 10)}.csv`);
}
