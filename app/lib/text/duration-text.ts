/**
 * Durations as an operator writes them in a setting: a whole number and a unit, e.g. "90s",
 * "30m", "6h", "1d", or several together ("1h30m"). The unit is required, so "10" can never be
 * misread as seconds when minutes were meant.
 */

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds, or null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const compact = text.trim().toLowerCase().replace(/\s+/g, "");
  if (!/^(\d+(ms|s|m|h|d))+$/.test(compact)) return null;
  let total = 0;
  for (const [, amount, unit] of compact.matchAll(/(\d+)(ms|s|m|h|d)/g)) {
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  return Number.isSafeInteger(total) ? total : null;
}

/** "6 h", "90 min", "1 d 2 h": for logs and the admin page. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const parts: string[] = [];
  let rest = Math.round(ms / 1000);
  for (const [unit, seconds] of [
    ["d", 86_400],
    ["h", 3_600],
    ["min", 60],
    ["s", 1],
  ] as const) {
    const amount = Math.floor(rest / seconds);
    if (amount > 0) parts.push(`${amount} ${unit}`);
    rest -= amount * seconds;
  }
  return parts.join(" ");
}
