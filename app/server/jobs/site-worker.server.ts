import os from "node:os";
import { forgetImportUploadsJob, importJobKinds } from "../admin/import-runs.server";
import { EXPIRED_SESSIONS_JOB } from "../auth/expired-sessions.server";
import { publishScheduledArticlesJob } from "../articles/publish-job.server";
import { INSTANCE_ID, listenForCatalogChanges, watchSqliteCatalogChanges } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { FORGET_CLICK_READERS_JOB } from "../clicks/click-readers.server";
import { loadConfig, type AppConfig } from "../config.server";
import { assertReachable, openDatabase, type DB } from "../db/connection.server";
import { migrateToLatest } from "../db/migrate.server";
import { checkReadiness } from "../db/readiness.server";
import { feedFiles, moveLegacyFeedFiles } from "../feeds/feed-files.server";
import { feedsJob } from "../feeds/feed-job.server";
import { feedRunKind, feedRunSettingsFrom } from "../feeds/feed-run-jobs.server";
import { feedReadSettingsFrom } from "../feeds/read-feed.server";
import { linkCheckKind, linkCheckPeriodicJob, linkCheckSettingsFrom } from "../links/link-checking.server";
import { log, setLogLevel } from "../log.server";
import { startMailSender } from "../mail/mail-sender.server";
import { createMailer } from "../mail/mailer.server";
import { createMailQueue, FORGET_OLD_MAIL_JOB } from "../mail/outbox.server";
import { commissionReportsJob, forgetCommissionUploadsJob } from "../revenue/commission-job.server";
import { commissionReportKind } from "../revenue/commission-report-job.server";
import { priceAlertJob, runPriceAlertsAfterCatalogChanges } from "../alerts/price-alert-job.server";
import { ownerDigestJob } from "../admin/today/digest-job.server";
import { retentionJob } from "../retention/retention-job.server";
import { retentionSettingsFrom } from "../retention/retention-rules.server";
import { cancelMarkers } from "./cancel-markers.server";
import { ReaderPacing, ReaderPacingPlugin } from "./reader-pacing.server";
import { workerName } from "./job-queue.server";
import { periodicJobInterrupted, startJobs, type PeriodicJob } from "./job-runner.server";
import { startWorker, type JobKind } from "./job-worker.server";

/**
 * The worker process (docs/decisions/0098): every piece of owner work runs here, never on the
 * event loop that answers readers. `npm start` starts one beside the web process (server.js);
 * `npm run worker` starts one on its own, for an operator who runs it on another machine (with
 * WORKER=off on the web instances). It takes queued runs (the admin's buttons), runs the
 * periodic jobs (feeds, alerts, reports, link checks, clean-ups), sends the mail in the outbox
 * and marks the runs of workers that died as interrupted.
 */

export interface SiteWorker {
  config: AppConfig;
  /** Finishes (or, after a grace period, interrupts) the runs in progress and closes the database. */
  stop(): Promise<void>;
  /** The web process beside it is serving readers: on PostgreSQL the runs' queries give way for a while. */
  readersSeen(): void;
}

/** The kinds of queued runs this worker takes, by the site's settings. */
function jobKinds(config: AppConfig): JobKind[] {
  return [
    linkCheckKind(linkCheckSettingsFrom(config)),
    commissionReportKind({ config, outbound: config.outbound }),
    feedRunKind(feedRunSettingsFrom(config, feedReadSettingsFrom(config))),
    ...importJobKinds(config),
  ];
}

function periodicJobs(config: AppConfig): PeriodicJob[] {
  const linkCheck = linkCheckPeriodicJob(linkCheckSettingsFrom(config), config.linkCheckIntervalMs);
  return [
    EXPIRED_SESSIONS_JOB,
    FORGET_CLICK_READERS_JOB,
    retentionJob(retentionSettingsFrom(config)),
    ...(linkCheck ? [linkCheck] : []),
    priceAlertJob({ mail: createMailQueue(config), baseUrl: config.baseUrl, authSecret: config.authSecret, prices: config.prices }),
    FORGET_OLD_MAIL_JOB,
    ownerDigestJob({ mail: createMailQueue(config), baseUrl: config.baseUrl, authSecret: config.authSecret, prices: config.prices }),
    forgetImportUploadsJob(config),
    feedsJob(),
    commissionReportsJob(),
    forgetCommissionUploadsJob(config),
    publishScheduledArticlesJob(config.jobCheckMs),
  ];
}

/** Waits for the web process's migrations (a forked worker starts only after them, but an operator's may not). */
async function waitUntilMigrated(db: DB): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const readiness = await checkReadiness(db, 5_000);
    if (readiness.ready) return;
    if (attempt === 0) log.info(`Worker waiting for the database: ${readiness.reason}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function lowerPriority(nice: number) {
  try {
    if (nice > 0) os.setPriority(0, nice);
  } catch (error) {
    log.warn(`The worker runs at the normal CPU priority (WORKER_NICE could not be applied: ${(error as Error).message})`);
  }
}

export async function startSiteWorker(
  options: { env?: NodeJS.ProcessEnv; migrate?: boolean; lowerPriority?: boolean } = {},
): Promise<SiteWorker> {
  const config = loadConfig(options.env ?? process.env);
  setLogLevel(config.logLevel);
  // Below the web process in the CPU's queue: on a machine with few cores a reader's page wins
  // over an import's next batch. Not in development, where the worker shares the web process.
  if (options.lowerPriority) lowerPriority(config.workerNice);
  // On SQLite the queries run inside this process, below the web process already (lowerPriority).
  const pacing = config.database.dialect === "postgres" ? new ReaderPacing(config.workerDatabaseShare) : undefined;
  const opened = openDatabase(config.database);
  const db = pacing ? opened.withPlugin(new ReaderPacingPlugin(pacing)) : opened;
  try {
    await assertReachable(db, config.database);
    if (options.migrate) await migrateToLatest(db);
    else await waitUntilMigrated(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // Feed files of older versions (DATA_DIR/feeds) into the shared storage, so any worker can read them.
  await moveLegacyFeedFiles(db, feedFiles(config, db)).catch((error: unknown) =>
    log.warn(`Uploaded feed files could not be moved into the storage: ${(error as Error).message}`),
  );
  const name = workerName();
  // SQLite: the heartbeats' own handle, so that Cancel is heard while a run's transaction holds the other.
  const bookkeeping = config.database.dialect === "sqlite" ? openDatabase(config.database) : db;
  const stopping = new AbortController();

  // Saves made by the web process (or another instance) reach this process's listeners: the
  // price alerts run soon after a price changes.
  const stopWatching =
    config.database.dialect === "sqlite"
      ? watchSqliteCatalogChanges(db, () => invalidateCatalog(db))
      : (() => {
          const subscription = listenForCatalogChanges(config.database.url, {
            onChange: () => invalidateCatalog(db),
            instanceId: INSTANCE_ID,
          });
          return () => void subscription.close();
        })();

  const periodicList = periodicJobs(config);
  const worker = startWorker(db, {
    name,
    interruptedTexts: Object.fromEntries(
      periodicList.flatMap((job) => (job.stoppedTexts ? [[job.name, job.stoppedTexts.interrupted] as const] : [])),
    ),
    bookkeeping,
    markers: config.database.dialect === "sqlite" ? cancelMarkers(config.dataDir) : undefined,
    kinds: jobKinds(config),
    concurrency: config.workerConcurrency,
    onInterrupted: (job) => periodicJobInterrupted(db, job),
  });
  // The outbox's sender (docs/decisions/0101): the only code that talks to SMTP. On SQLite it uses
  // the second handle, so a long run's transaction on the first does not hold up the mail.
  const transport = createMailer(config);
  const mailSender = startMailSender(bookkeeping, { name, transport });
  const periodic = startJobs(db, periodicList, {
    checkEveryMs: config.jobCheckMs,
    instanceId: name,
    stopping: stopping.signal,
    bookkeeping,
  });
  const stopPriceAlertTrigger = runPriceAlertsAfterCatalogChanges(db, periodic.runNow);
  log.info(`Worker ${name} started: up to ${config.workerConcurrency} runs at once`);

  return {
    config,
    readersSeen: () => pacing?.readersSeen(),
    async stop() {
      stopPriceAlertTrigger();
      stopWatching();
      const periodicStopped = (async () => {
        // The periodic runs get the same grace as the queued ones, then are interrupted.
        const grace = setTimeout(() => stopping.abort(), 8_000);
        await periodic.stop();
        clearTimeout(grace);
      })();
      await Promise.all([worker.stop(), periodicStopped, mailSender.stop()]);
      transport.close();
      if (bookkeeping !== db) await bookkeeping.destroy();
      await db.destroy();
    },
  };
}
