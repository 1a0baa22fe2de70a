/**
 * Runs `work` over `items` with at most `limit` at once in all, and at most `perHost` at once for
 * any one host, so a catalog whose links all go to one shop or one affiliate network never
 * hammers it. Items start in their order whenever their host has room. Stops starting new items
 * once `signal` is aborted; the promise settles when every started item has.
 */
export async function runHostLimited<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  options: { limit: number; perHost: number; signal?: AbortSignal },
  work: (item: T) => Promise<void>,
): Promise<void> {
  const limit = Math.max(1, Math.floor(options.limit));
  const perHost = Math.max(1, Math.floor(options.perHost));
  const waiting = [...items];
  const busyHosts = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;

  const startable = () => waiting.findIndex((item) => (busyHosts.get(hostOf(item)) ?? 0) < perHost);

  while (waiting.length > 0 || running.size > 0) {
    while (!failure && !options.signal?.aborted && running.size < limit) {
      const index = startable();
      if (index < 0) break;
      const [item] = waiting.splice(index, 1) as [T];
      const host = hostOf(item);
      busyHosts.set(host, (busyHosts.get(host) ?? 0) + 1);
      const task: Promise<void> = work(item)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          busyHosts.set(host, busyHosts.get(host)! - 1);
          running.delete(task);
        });
      running.add(task);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  if (failure) throw (failure as { error: unknown }).error;
}
