/**
 * Renders take turns: each waits in arrival order, and one starts per turn of the event loop
 * (docs/decisions/0094-one-render-per-event-loop-turn.md). A render asked for `first` (a page
 * many readers are waiting on again, after a catalog change emptied the page cache) goes ahead
 * of every other that waits, in arrival order among its own kind.
 *
 * A render runs to its Response without giving the loop back (SQLite answers synchronously and
 * React renders a whole document in one go), so without this one turn of the loop renders every
 * request that arrived during the turn before. Under load a turn grows to dozens of renders, and
 * a request that arrives just after a turn began waits for all of them before its own batch;
 * libuv also accepts a single new connection per turn, so a burst of new visitors waits turn
 * after turn just to be let in. Starting one render per turn keeps each turn to about one
 * render: connections are accepted and requests read as they come, then rendered in the order
 * they came. Nothing caps how many are under way at once: a render awaiting PostgreSQL or an
 * image encoder holds no one else back.
 */
export interface RenderTurn {
  /** Ahead of the renders that are not: one render here answers many readers at once. */
  first?: boolean;
}

export class RenderQueue {
  readonly #first: Array<() => void> = [];
  readonly #waiting: Array<() => void> = [];
  #scheduled = false;

  /** Requests waiting for their turn (for diagnostics and tests). */
  get waiting(): number {
    return this.#first.length + this.#waiting.length;
  }

  /** Runs `work` at its turn and settles as it does. */
  run<T>(work: () => Promise<T>, turn: RenderTurn = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (turn.first ? this.#first : this.#waiting).push(() => {
        try {
          work().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
      this.#schedule();
    });
  }

  #schedule() {
    if (this.#scheduled || this.waiting === 0) return;
    this.#scheduled = true;
    // An immediate queued while immediates run waits for the next turn, after the loop has
    // polled for connections and requests: exactly one start per turn.
    setImmediate(this.#startNext);
  }

  readonly #startNext = () => {
    this.#scheduled = false;
    const start = this.#first.shift() ?? this.#waiting.shift();
    this.#schedule();
    start?.();
  };
}

/** What a reader who left before their page's turn gets: nothing is rendered, and nothing is sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Renders `request` at its turn, unless it is a read whose visitor has left meanwhile (their
 * connection closed): rendering it would only delay everyone behind it. A write still runs, as it
 * would have had it come a moment earlier: the form was sent.
 */
export function renderInTurn(queue: RenderQueue, request: Request, render: () => Promise<Response>, turn?: RenderTurn): Promise<Response> {
  return queue.run(() => {
    const read = request.method === "GET" || request.method === "HEAD";
    if (read && request.signal.aborted) return Promise.resolve(new Response(null, { status: CLIENT_CLOSED_REQUEST }));
    return render();
  }, turn);
}
