import { requestContext, type AppServices } from "~/server/load-context";
import type { RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { missingAdminHint } from "./auth/admins.server";
import { recordSiteAddress } from "./site-address.server";
import { createAuth } from "./auth/auth.server";
import { createMailQueue } from "./mail/outbox.server";
import { categoryHref } from "~/lib/home/home-categories";
import { listenForCatalogChanges, watchSqliteCatalogChanges } from "./catalog/catalog-broadcast.server";
import { startEventLoopMonitor } from "./http/event-loop-delay.server";
import { catalogCache, invalidateCatalog, onCatalogChange } from "./catalog/catalog-cache.server";
import { clientAddress } from "./auth/client-address.server";
import { loadConfig, type AppConfig } from "./config.server";
import { withDatabaseOutageResponses } from "./database-outage-responses.server";
import { withAdminAudit } from "./audit/admin-audit-build.server";
import { withBodyErrorResponses } from "./http/body-error-responses.server";
import { RenderQueue, renderInTurn } from "./http/render-queue.server";
import { assertReachable, openDatabase } from "./db/connection.server";
import { migrateToLatest } from "./db/migrate.server";
import { offLoopHandle } from "./db/off-loop-reads.server";
import { setArticlePrices } from "./articles/published-articles.server";
import { seedSampleContent } from "./seed/seed.server";
import { securityHeaders } from "./http/security-headers.server";
import { log, setLogLevel } from "./log.server";
import { createPageServing } from "./page-cache/page-serving.server";
import { isSitemapFilePath, sitemapFileResponse } from "./seo/sitemap-responses.server";
import { canonicalPagePath } from "~/lib/site/canonical-address";
import { ClickRecorder } from "./clicks/click-recorder.server";
import { deviceOfAgent, viewedPage } from "~/lib/views/page-view";
import { createOutboundRedirects } from "./clicks/outbound-redirect.server";
import { createTestViews } from "./ab-tests/test-views.server";
import { createReaderCountry } from "./geo/reader-country.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { priceSettingsAt } from "~/lib/offers/price-view";
import { readyTableIndex } from "./sauna-table/table-index.server";

// The worker process's entry, in the same bundle so that both processes run the same code.
export { startSiteWorker, type SiteWorker } from "./jobs/site-worker.server";

export interface Site {
  config: AppConfig;
  /**
   * Answers a request before any middleware: a tracked shop link (/go/…) or a page from the page
   * cache; false when it cannot and the request must go on to the static files and `requestHandler`.
   */
  serveCached(req: IncomingMessage, res: ServerResponse): boolean;
  /** Set on every response before anything else runs (server.js). */
  securityHeaders: Record<string, string>;
  /** Renders pages, data and API requests (compressed), filling the page cache. */
  requestHandler: RequestHandler;
  /** Writes the clicks still in memory, then closes the database; call after the HTTP server has finished its requests. */
  close(): Promise<void>;
}

/**
 * Everything the site needs before it can answer a request: settings validated, database
 * opened and migrated, sample content seeded into an empty database. This module is the
 * server bundle's entry (vite.config.ts), so config, database and routes share one copy.
 */
export async function createSite(
  options: {
    env?: NodeJS.ProcessEnv;
    build?: () => Promise<ServerBuild>;
    /** Where /images/* and the icons are served from: the build's client folder, or public/ in development. */
    publicDir?: string;
    /** Off in development, where pages change with every edit. */
    pageCache?: boolean;
  } = {},
): Promise<Site> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  setLogLevel(config.logLevel);

  const db = openDatabase(config.database);
  try {
    await assertReachable(db, config.database);
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info(`Database migrated: ${applied.join(", ")}`);
    if (config.seedSampleContent) {
      const outcome = await seedSampleContent(db, undefined, config.prices);
      if (outcome.seeded) log.info(`Seeded sample content: ${outcome.products} products, ${outcome.collections} collections`);
    }
    // Sign-up never grants admin, so one line tells the operator how to create the first one.
    const adminHint = await missingAdminHint(db, env);
    if (adminHint) log.info(adminHint);
    recordSiteAddress(config.dataDir, config.baseUrl);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  // Every message of the site is written to the outbox; the worker sends it (docs/decisions/0101).
  const mail = createMailQueue(config);
  const authResources = createAuth(config, db, { mail });
  const publicDir = path.resolve(options.publicDir ?? "public");
  const services: AppServices = { db, config, auth: authResources.auth, publicDir, mail };
  // The articles' product boxes show prices for the site's country and currency.
  setArticlePrices(db, config.prices);
  setArticlePrices(offLoopHandle(db), config.prices);
  // How long readers' requests wait for the event loop: /metrics reports it (owner work must not move it).
  const stopMonitor = startEventLoopMonitor();
  // Every loader and action answers a database outage with a 503 page instead of an error, and
  // every action a body too large or unreadable with a 413 or 400 (request-body.server.ts). Every
  // admin action, outermost so it sees the status that was sent, leaves a row in the audit log.
  // React Router rebuilds its route tables from the build (data routes, the static handler, every
  // path's ranked branches) on each request when it is given a function, so that development
  // picks up edits. The production build never changes: handing it over once keeps that work
  // off every rendered request: it was half of all JavaScript allocated per request (about
  // 270 KB of a picture's 550 KB) and held pictures from the disk cache to about 190 req/s
  // (docs/decisions/0042).
  const { build } = options;
  const handleRequest = createRequestHandler(
    build
      ? async () => withAdminAudit(withBodyErrorResponses(withDatabaseOutageResponses(await build())))
      : withAdminAudit(
          withBodyErrorResponses(withDatabaseOutageResponses((await import("virtual:react-router/server-build")) as ServerBuild)),
        ),
    process.env.NODE_ENV,
  );
  // Tracked shop links (docs/decisions/0028) and page views (0074): counted in memory, written in batches.
  const clicks = new ClickRecorder(db);
  const countView = (req: IncomingMessage) => {
    const path = viewedPage({
      method: req.method,
      url: req.url,
      userAgent: req.headers["user-agent"],
      purpose: [
        req.headers["sec-purpose"] as string | undefined,
        req.headers["purpose"] as string | undefined,
        req.headers["x-moz"] as string | undefined,
      ],
    });
    if (path !== null) clicks.recordView(path, deviceOfAgent(req.headers["user-agent"]));
  };
  // Every render (a visitor's, a background refresh's) waits its turn: one starts per turn of the
  // event loop, in arrival order, a much-read page's refill first (http/render-queue.server.ts says why).
  const renderQueue = new RenderQueue();
  const pages = createPageServing({
    // The client's address (for the abuse limits) when a visitor's request is rendered.
    // The sitemap files are answered ahead of React Router (seo/sitemap-responses.server.ts says why).
    render: (request, from, turn) =>
      renderInTurn(
        renderQueue,
        request,
        () =>
          isSitemapFilePath(new URL(request.url).pathname)
            ? sitemapFileResponse(db, config.baseUrl, request)
            : handleRequest(
                request,
                requestContext(
                  from
                    ? {
                        ...services,
                        clientAddress: clientAddress(from.socket.remoteAddress, from.headers["x-forwarded-for"], config.trustProxyHops),
                      }
                    : services,
                ),
              ),
        turn,
      ),
    baseUrl: config.baseUrl,
    maxBytes: options.pageCache === false ? 0 : config.pageCacheBytes,
    countView: config.pageViews ? countView : undefined,
    // After a save, besides the most visited pages: the ones every reader's visit starts from.
    warmKeys: async () => ["/", "/reviews", ...(await catalogCache(db).collections()).map((collection) => categoryHref(collection.slug))],
  });
  const stopListening = onCatalogChange(db, pages.invalidate);
  // Saves made by other instances on the same PostgreSQL database (docs/decisions/0032), or by
  // the worker process on the same SQLite file (docs/decisions/0098).
  const otherInstances =
    config.database.dialect === "postgres"
      ? listenForCatalogChanges(config.database.url, { onChange: () => invalidateCatalog(db) })
      : undefined;
  const stopWatchingWorker = config.database.dialect === "sqlite" ? watchSqliteCatalogChanges(db, () => invalidateCatalog(db)) : undefined;
  const outbound = createOutboundRedirects({
    db,
    surveyFormUrl: config.surveyFormUrl,
    recorder: clicks,
    trustProxyHops: config.trustProxyHops,
    readerCountry: createReaderCountry({
      header: config.geo.countryHeader,
      trustProxyHops: config.trustProxyHops,
      geoipDb: config.geo.geoipDb,
    }),
    siteCountry: config.prices.country,
  });
  const stopListeningForLinks = onCatalogChange(db, outbound.invalidate);
  // The sauna table's columns, read in the background now rather than by its first reader
  // (docs/decisions/0118); rebuilt after a change only once a reader has used them.
  const prices = priceSettingsAt(config.prices, Date.now());
  readyTableIndex(db, { today: prices.today, currency: prices.currency });
  // The variant an A/B test showed, reported by the reader's browser (docs/decisions/0111).
  const testViews = createTestViews({ db, recorder: clicks });
  log.info(
    `Database: ${config.database.dialect === "sqlite" ? `SQLite at ${config.database.file}` : "PostgreSQL"}; data in ${config.dataDir}; uploaded files on ${config.storage === "database" ? "the database" : "disk"}`,
  );
  return {
    config,
    securityHeaders: securityHeaders(config),
    // /go is never a page-cache question: each one must be counted, so it is answered first.
    serveCached: (req, res) =>
      redirectToCanonicalAddress(req, res) || testViews.serve(req, res) || outbound.serveNow(req, res) || pages.serveCached(req, res),
    requestHandler: (req, res, next) => {
      outbound.serve(req, res).then(
        (answered) => answered || pages.requestHandler(req, res, next),
        // The destinations could not be read (a database outage): the /go route answers it.
        () => pages.requestHandler(req, res, next),
      );
    },
    close: async () => {
      stopListening();
      stopListeningForLinks();
      stopWatchingWorker?.();
      stopMonitor();
      await otherInstances?.close();
      // A page being warmed in the background still reads the database.
      await pages.close();
      // Before the database closes: a clean stop loses no click.
      await clicks.close();
      await authResources.close();
      await db.destroy();
    },
  };
}

/**
 * A public page asked for in another form (capitals, a trailing slash) is sent to its one
 * address for good, its query kept. Only reads: a form posted to a second form of an address
 * would lose its body on a redirect, and gets the page's own answer instead.
 */
function redirectToCanonicalAddress(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const raw = req.url ?? "/";
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const canonical = canonicalPagePath(pathname);
  if (canonical === null) return false;
  res.writeHead(301, {
    Location: canonical + (queryAt === -1 ? "" : raw.slice(queryAt)),
    "Cache-Control": CACHE_CONTROL.canonicalRedirect,
    "Content-Length": "0",
  });
  res.end();
  return true;
}
