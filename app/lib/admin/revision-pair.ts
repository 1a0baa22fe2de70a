/**
 * Which two revisions a revisions page compares. It opens on the newest against the one before
 * it; a pair asked for in the address is shown older first whichever way round it was asked; a
 * revision is never compared with itself: asked alone (or twice), it is compared with its
 * neighbour (the one before it, or for the oldest the one after it).
 */

export interface RevisionPair {
  /** The older revision, or null when there is only one. */
  a: number | null;
  /** The newer revision, or null when there is none. */
  b: number | null;
}

/** `newestFirst`: the revisions' ids, newest first; `asked`: the `a` and `b` of the address. */
export function revisionPair(newestFirst: readonly number[], asked: RevisionPair): RevisionPair {
  const position = (id: number | null) => (id === null ? -1 : newestFirst.indexOf(id));
  const at = (index: number) => newestFirst[index] ?? null;
  if (newestFirst.length === 0) return { a: null, b: null };
  if (newestFirst.length === 1) return { a: null, b: at(0) };
  const a = position(asked.a);
  const b = position(asked.b);
  if (a >= 0 && b >= 0 && a !== b) return { a: at(Math.max(a, b)), b: at(Math.min(a, b)) };
  const one = b >= 0 ? b : a;
  if (one < 0) return { a: at(1), b: at(0) };
  // The one asked for and the one before it; the oldest has none before it, so the one after.
  return one === newestFirst.length - 1 ? { a: at(one), b: at(one - 1) } : { a: at(one + 1), b: at(one) };
}
