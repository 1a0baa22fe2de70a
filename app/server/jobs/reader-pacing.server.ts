import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

/**
 * The worker runs below the web process in the CPU's queue (WORKER_NICE), but on PostgreSQL most
 * of an import's or a feed run's work is done by the database server's process for the worker's
 * connection, which runs at the same priority as the web process. On a machine of few cores that
 * shares the web process with its database, that process takes a core from the readers.
 *
 * While readers are being served (the web process tells its worker, see `readersSeen`), the
 * worker's database time is held to a share of the clock: a query that took t ms is followed by
 * a pause of t × (1 − share) / share before its result is handed on. With no readers the worker
 * runs at full speed. The pause holds the run's transaction open a little longer; PostgreSQL's
 * readers do not wait for it.
 */
export class ReaderPacing {
  #readersUntil = -Infinity;

  constructor(
    /** The worker's database time as a share of the clock while readers are served (0 < share ≤ 1). */
    readonly share: number,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** The web process served readers just now; they count as present for `forMs` more. */
  readersSeen(forMs = READERS_LINGER_MS) {
    this.#readersUntil = Math.max(this.#readersUntil, this.now() + forMs);
  }

  get readersPresent() {
    return this.now() < this.#readersUntil;
  }

  /** How long to wait after database work of `busyMs`. */
  pauseAfter(busyMs: number): number {
    if (this.share >= 1 || busyMs <= 0 || !this.readersPresent) return 0;
    return Math.min(MAX_PAUSE_MS, (busyMs * (1 - this.share)) / this.share);
  }
}

/** Readers count as present this long after the web process last said so (it says so twice a second). */
const READERS_LINGER_MS = 1_500;
/** One pause at most: a single long statement must not leave a run idle for as long again. */
const MAX_PAUSE_MS = 2_000;

/** Times each query of the handle it is added to and pauses after it as `pacing` says. */
export class ReaderPacingPlugin implements KyselyPlugin {
  readonly #started = new WeakMap<object, number>();

  constructor(readonly pacing: ReaderPacing) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#started.set(queryId, this.pacing.now());
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.#started.get(queryId);
    if (started === undefined) return result;
    this.#started.delete(queryId);
    const pause = this.pacing.pauseAfter(this.pacing.now() - started);
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    return result;
  }
}
