import type { AppServices } from "~/server/load-context";
import { redirect } from "react-router";
import { isPastLastPage } from "~/lib/catalog/pagination";
import { priceSettingsAt } from "~/lib/offers/price-view";
import { tableColumnsWith } from "~/lib/sauna-table/table-columns";
import { pageOfTableHref, parseTableQuery, withKnownMeasurements } from "~/lib/sauna-table/table-query";
import { tableView, type TableView } from "~/lib/sauna-table/table-view";
import { facetLinkGroups, type FacetLinkGroup } from "~/lib/sauna-table/facet-links";
import { log } from "../log.server";
import { listMeasurementDefinitions } from "../measurements/measurements.server";
import { collectionTableScope } from "./collection.server";
import { readCatalogFacets, readTable } from "../sauna-table/sauna-table.server";
import { CACHE_CONTROL } from "../http/cache-control.server";
import { RenderLimiter, RenderQueueFull } from "../http/render-limiter.server";
import { unavailable } from "./page-errors.server";

/**
 * The table's SQL reads walk the whole catalog (its filters' counts, an order by today's price): at
 * 200,000 products a read costs the database about a tenth of a second, and fifty at once held
 * every pooled PostgreSQL connection past its timeout, so the other pages failed too. Two run at
 * once and a few more wait; beyond that a reader gets a 503 with Retry-After, and every other page
 * keeps its connections (docs/decisions/0110). Once the catalog's table columns are kept in memory
 * the whole catalog's table reads none of these, and is not limited.
 */
export const tableReads = new RenderLimiter(2, 16, "Too many sauna tables are being read right now");
const BUSY_RETRY_AFTER_SECONDS = "5";
/** A burst of refusals is one log line every this often, with its count, not a line each. */
const REFUSAL_NOTE_EVERY_MS = 10_000;
let refusedSinceNote = 0;
let lastRefusalNoteAt = 0;

function noteRefusal(message: string) {
  refusedSinceNote += 1;
  const now = Date.now();
  if (now - lastRefusalNoteAt < REFUSAL_NOTE_EVERY_MS) return;
  log.warn(
    `Sauna table: ${message}; ${refusedSinceNote} ${refusedSinceNote === 1 ? "reader" : "readers"} answered 503 since the last note`,
  );
  refusedSinceNote = 0;
  lastRefusalNoteAt = now;
}

/**
 * /reviews/table: every sauna, one row each, with the columns, order and filters the query
 * string asks for. A value that makes no sense is read as its default (never an error page); a
 * page past the end goes to the last page (302: the end moves as the catalog changes). The
 * products that cannot be read get the site's 503, as on the reviews index, and so does a reader
 * arriving while too many tables are being read (with Retry-After).
 */
export async function loadSaunaTablePage({ db, config }: Pick<AppServices, "db" | "config">, url: URL): Promise<TableView> {
  const prices = priceSettingsAt(config.prices, Date.now());
  const options = { today: prices.today, currency: prices.currency };
  const failed = (error: unknown) => {
    if (error instanceof RenderQueueFull) {
      noteRefusal(error.message);
      return unavailable(
        { screen: "site", kind: "unavailable" },
        { headers: { "Cache-Control": CACHE_CONTROL.noStore, "Retry-After": BUSY_RETRY_AFTER_SECONDS } },
      );
    }
    log.error(`Sauna table: products could not be read: ${(error as Error)?.message ?? error}`);
    return unavailable({ screen: "site", kind: "unavailable" });
  };
  const asked = parseTableQuery(url.searchParams);
  const [definitions, list] = await Promise.all([
    listMeasurementDefinitions(db),
    asked.list === null ? null : collectionTableScope(db, asked.list),
  ]).catch(failed);
  const columns = tableColumnsWith(definitions);
  // A list that is not a collection (gone, or a typo) is the whole table, not an error page.
  const query = withKnownMeasurements({ ...asked, list: list?.slug ?? null }, new Set(columns.map((column) => column.key)));
  const heavyReads = <T>(read: () => Promise<T>) => tableReads.run(read);
  const read = await readTable(db, query, { ...options, scope: list?.scope ?? null, heavyReads }, columns).catch(failed);
  const view = tableView(query, read, read.facets, prices, columns, list ? { title: list.title, href: `/reviews/${list.slug}` } : null);
  if (isPastLastPage(view.pagination)) throw redirect(pageOfTableHref(query, view.pagination.pageCount), 302);
  return view;
}

/**
 * The reviews index's ways into the table, with the catalog's counts. A failure only hides them
 * (logged): the index itself must not go down with them.
 */
export async function loadTableFacetLinks({ db, config }: Pick<AppServices, "db" | "config">): Promise<FacetLinkGroup[]> {
  const prices = priceSettingsAt(config.prices, Date.now());
  try {
    return facetLinkGroups(await readCatalogFacets(db, { today: prices.today, currency: prices.currency }));
  } catch (error) {
    log.error(`Reviews index: the sauna table's counts could not be read: ${(error as Error)?.message ?? error}`);
    return [];
  }
}
