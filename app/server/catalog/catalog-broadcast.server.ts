import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { dialectOf } from "../db/dialect";
import { log } from "../log.server";

/**
 * Several instances of the site on one PostgreSQL database each keep their own caches (catalog
 * results, whole pages, the sitemap). A save on one instance must reach the others, or they
 * serve the old catalog until their cache windows run out (docs/decisions/0032).
 *
 * - A save publishes inside its own transaction (`publishCatalogChange(trx)`): PostgreSQL
 *   delivers a NOTIFY only when the transaction commits, so a rolled-back import announces
 *   nothing and a listener that hears it reads the committed rows.
 * - Every instance listens on a connection of its own, outside the pool (a pooled connection is
 *   handed to other queries, and LISTEN belongs to one session). When that connection is lost it
 *   reconnects with backoff, and every (re)connection drops all caches: messages sent while it was
 *   away are gone for good.
 *
 * On SQLite the web process and its worker process share the file (docs/decisions/0098): a save
 * adds a row to catalog_changes inside its transaction, and each process looks for rows of the
 * others every second (watchSqliteCatalogChanges): a plain indexed read, and only committed rows.
 */

export const CATALOG_CHANNEL = "catalog_changed";

/** This process, named in its own messages so that it can skip them (it already dropped its caches). */
export const INSTANCE_ID = randomUUID();

/** Inside the save's transaction, after its writes. */
// Any transaction will do (a migration's Kysely<any> too).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function publishCatalogChange(trx: Kysely<any>): Promise<void> {
  if (dialectOf(trx) === "postgres") {
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${INSTANCE_ID})`.execute(trx);
    return;
  }
  // Before the catalog_changes table exists (a migration's own change), there is nobody to tell.
  await sql`insert into catalog_changes (instance, at) select ${INSTANCE_ID}, ${Date.now()} where exists (select 1 from sqlite_master where type = 'table' and name = 'catalog_changes')`.execute(
    trx,
  );
}

/** Rows of catalog_changes kept: enough for a process that looks every second. */
const KEEP_CHANGES = 1_000;

/**
 * SQLite: calls onChange when another process of the site has published a change since the last
 * look; looks every `everyMs`. The rows are pruned as they pile up. Returns the function that stops.
 */
export function watchSqliteCatalogChanges(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  onChange: () => void,
  options: { everyMs?: number; instanceId?: string } = {},
): () => void {
  const ownId = options.instanceId ?? INSTANCE_ID;
  let lastSeen: number | null = null;
  let prunedAt = 0;
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      if (lastSeen === null) {
        const { rows } = await sql<{ id: number | null }>`select max(id) as id from catalog_changes`.execute(db);
        lastSeen = Number(rows[0]?.id ?? 0);
        return;
      }
      const { rows } = await sql<{
        id: number;
        instance: string;
      }>`select id, instance from catalog_changes where id > ${lastSeen} order by id`.execute(db);
      if (rows.length === 0) return;
      lastSeen = Number(rows.at(-1)!.id);
      if (rows.some((row) => row.instance !== ownId)) safely(onChange);
      if (lastSeen - prunedAt >= KEEP_CHANGES) {
        prunedAt = lastSeen;
        await sql`delete from catalog_changes where id <= ${lastSeen - KEEP_CHANGES}`.execute(db);
      }
    } catch (error) {
      log.warn(`Could not look for catalog changes: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), options.everyMs ?? 1_000);
  timer.unref();
  return () => clearInterval(timer);
}

export interface CatalogChangeSubscription {
  /** Resolves once the first LISTEN is in place (or the first attempt failed; it keeps retrying). */
  ready: Promise<void>;
  /** Stops listening and closes the connection; nothing is left to keep Node running. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called for another instance's message, and after every (re)connection. */
  onChange: (reason: "message" | "connected") => void;
  instanceId?: string;
  /** Backoff between reconnection attempts: doubles from the first to the last. */
  retryFromMs?: number;
  retryUpToMs?: number;
}

export function listenForCatalogChanges(url: string, options: ListenOptions): CatalogChangeSubscription {
  const ownId = options.instanceId ?? INSTANCE_ID;
  const firstDelay = options.retryFromMs ?? 250;
  const longestDelay = options.retryUpToMs ?? 10_000;
  let delay = firstDelay;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let everConnected = false;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    // Reconnecting must never be what keeps a stopping process alive.
    retryTimer.unref();
    delay = Math.min(delay * 2, longestDelay);
  };

  const connect = async () => {
    if (closed) return;
    const candidate = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true });
    client = candidate;
    let dropped = false;
    const lost = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === candidate) client = undefined;
      candidate.removeAllListeners("notification");
      void candidate.end().catch(() => {});
      if (closed) return;
      log.warn(`Lost the catalog change listener connection${error ? `: ${error.message}` : ""}; reconnecting`);
      scheduleReconnect();
    };
    candidate.on("error", lost);
    candidate.on("end", () => lost());
    candidate.on("notification", (message) => {
      if (message.channel !== CATALOG_CHANNEL || message.payload === ownId) return;
      safely(() => options.onChange("message"));
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${CATALOG_CHANNEL}`);
    } catch (error) {
      if (!everConnected) log.warn(`Cannot listen for catalog changes yet: ${(error as Error).message}; retrying`);
      resolveReady();
      lost();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    if (everConnected) log.info("Catalog change listener reconnected; caches dropped");
    everConnected = true;
    delay = firstDelay;
    // Whatever was published while no connection listened is lost: start from the database again.
    safely(() => options.onChange("connected"));
    resolveReady();
  };

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      resolveReady();
      if (current) {
        current.removeAllListeners("notification");
        await current.end().catch(() => {});
      }
    },
  };
}

function safely(listener: () => void) {
  try {
    listener();
  } catch (error) {
    log.error(`A catalog change listener failed: ${(error as Error)?.message ?? error}`);
  }
}
