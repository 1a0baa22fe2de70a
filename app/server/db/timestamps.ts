/**
 * Timestamps as ISO-8601 text whichever driver read them: PostgreSQL gives a Date, SQLite gives
 * the text it stored.
 */
export function toIsoString(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite's CURRENT_TIMESTAMP style ('YYYY-MM-DD HH:MM:SS') is UTC without saying so.
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? new Date(value.replace(" ", "T") + "Z").toISOString() : value;
}
