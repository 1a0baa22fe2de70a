import { appContext } from "~/server/load-context";
import { collectionCsvLines } from "~/server/admin/catalog-export.server";
import { csvDownload } from "~/server/http/csv-download.server";
import type { Route } from "./+types/collections-export";

/** GET /admin/collections/export.csv: every collection with its products in list order, in the import's format. */
export async function loader({ context }: Route.LoaderArgs) {
  return csvDownload(collectionCsvLines(context.get(appContext).db), `collections-${new Date().toISOString().slice(0, 10)}.csv`);
}
