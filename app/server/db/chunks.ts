/** Large IN lists and multi-row inserts are split so both dialects stay under their parameter limits. */
export const IN_LIST_CHUNK = 500;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
