/**
 * Runs `work` over `items` with at most `limit` at once in all, at most `perHost` at once for any
 * one host, and (with `perHostIntervalMs`) no two starts on one host closer together than that, so
 * a catalog whose links all go to one shop or one affiliate network never hammers it. Items start
 * in their order whenever their host has room. Stops starting new items once `signal` is aborted;
 * the promise settles when every started item has.
 *
 * Linear in the items: each host keeps its own queue, and the hosts that may start something are
 * kept in a heap by the position of their next item, so 20,000 links on 50 hosts never make a
 * scan of everything still waiting per start.
 */
export async function runHostLimited<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  options: { limit: number; perHost: number; perHostIntervalMs?: number; signal?: AbortSignal; now?: () => number },
  work: (item: T) => Promise<void>,
): Promise<void> {
  const limit = Math.max(1, Math.floor(options.limit));
  const perHost = Math.max(1, Math.floor(options.perHost));
  const interval = Math.max(0, options.perHostIntervalMs ?? 0);
  const now = options.now ?? Date.now;

  interface Host {
    name: string;
    queue: { item: T; index: number }[];
    /** The next item of `queue` to start. */
    head: number;
    busy: number;
    nextStartAt: number;
    /** In `ready` or `resting`. */
    queued: boolean;
  }
  const hosts = new Map<string, Host>();
  items.forEach((item, index) => {
    const name = hostOf(item);
    let host = hosts.get(name);
    if (!host) hosts.set(name, (host = { name, queue: [], head: 0, busy: 0, nextStartAt: 0, queued: false }));
    host.queue.push({ item, index });
  });

  // Hosts that may start their next item, smallest item position first; hosts with room but
  // inside their interval, soonest first.
  const ready = new MinHeap<Host>((host) => host.queue[host.head]!.index);
  const resting = new MinHeap<Host>((host) => host.nextStartAt);
  const offer = (host: Host) => {
    if (host.queued || host.head >= host.queue.length || host.busy >= perHost) return;
    host.queued = true;
    if (host.nextStartAt > now()) resting.push(host);
    else ready.push(host);
  };
  for (const host of hosts.values()) offer(host);

  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;

  for (;;) {
    while (resting.size > 0 && resting.peek()!.nextStartAt <= now()) {
      const host = resting.pop();
      host.queued = false;
      offer(host);
    }
    while (!failure && !options.signal?.aborted && running.size < limit && ready.size > 0) {
      const host = ready.pop();
      host.queued = false;
      const { item } = host.queue[host.head]!;
      host.head += 1;
      host.busy += 1;
      host.nextStartAt = now() + interval;
      const task: Promise<void> = work(item)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          host.busy -= 1;
          running.delete(task);
          offer(host);
        });
      running.add(task);
      offer(host);
    }
    const stopped = failure !== null || options.signal?.aborted === true;
    if (running.size === 0 && (stopped || resting.size === 0)) break;
    // Wait for a place to free up, or for the first resting host's interval to pass.
    let timer: NodeJS.Timeout | undefined;
    const waits: Promise<unknown>[] = [...running];
    if (!stopped && resting.size > 0) {
      const soonest = resting.peek()!.nextStartAt;
      waits.push(new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, soonest - now())))));
    }
    await Promise.race(waits);
    clearTimeout(timer);
  }
  if (failure) throw (failure as { error: unknown }).error;
}

/** A binary heap, smallest key on top. */
class MinHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly key: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    for (let at = items.length - 1; at > 0;) {
      const parent = (at - 1) >> 1;
      if (this.key(items[parent]!) <= this.key(items[at]!)) break;
      [items[parent], items[at]] = [items[at]!, items[parent]!];
      at = parent;
    }
  }

  pop(): T {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let at = 0; ;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let smallest = at;
        if (left < items.length && this.key(items[left]!) < this.key(items[smallest]!)) smallest = left;
        if (right < items.length && this.key(items[right]!) < this.key(items[smallest]!)) smallest = right;
        if (smallest === at) break;
        [items[smallest], items[at]] = [items[at]!, items[smallest]!];
        at = smallest;
      }
    }
    return top;
  }
}
