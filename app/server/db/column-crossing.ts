import { createHash } from "node:crypto";
import { toIsoString } from "./timestamps";

/**
 * How one value crosses from a SQLite column to the PostgreSQL column of the same name, and how
 * both sides are written down for the move's checksum. The PostgreSQL type decides: SQLite keeps
 * flags as 0/1, timestamps as ISO or 'YYYY-MM-DD HH:MM:SS' text (UTC), and every float as a double;
 * PostgreSQL has boolean, timestamptz and, for a few scores, real (a single-precision float).
 */

/** The PostgreSQL column types the migrations use; anything else is refused rather than guessed at. */
const KNOWN_TYPES = new Set([
  "smallint",
  "integer",
  "bigint",
  "boolean",
  "real",
  "double precision",
  "numeric",
  "text",
  "character varying",
  "character",
  "date",
  "timestamp with time zone",
  "timestamp without time zone",
  "bytea",
  "json",
  "jsonb",
]);

export function isKnownType(postgresType: string): boolean {
  return KNOWN_TYPES.has(postgresType);
}

type SqliteValue = string | number | bigint | Buffer | null;

/** The parameter to bind for a SQLite value going into a column of this PostgreSQL type. */
export function toPostgresParameter(value: SqliteValue, postgresType: string): unknown {
  if (value === null) return null;
  switch (postgresType) {
    case "boolean":
      return typeof value === "string" ? value === "1" || value.toLowerCase() === "true" : Number(value) !== 0;
    case "timestamp with time zone":
    case "timestamp without time zone":
      return instantText(value);
    default:
      return value;
  }
}

/**
 * One value as text, the same whether it was read from SQLite (as stored there) or from
 * PostgreSQL (as text, the session in UTC), so equal rows give equal text.
 */
export function canonicalValue(value: unknown, postgresType: string): string | null {
  if (value === null || value === undefined) return null;
  switch (postgresType) {
    case "boolean":
      if (typeof value === "string") return value === "t" || value === "true" || value === "1" ? "t" : "f";
      return Number(value) !== 0 ? "t" : "f";
    case "smallint":
    case "integer":
    case "bigint":
      return typeof value === "string" ? value.trim() : String(value);
    case "double precision":
    case "numeric":
      return String(Number(value));
    case "real":
      // PostgreSQL keeps the nearest single-precision float; SQLite kept the double it was given.
      return String(Math.fround(Number(value)));
    case "timestamp with time zone":
    case "timestamp without time zone":
      return instantText(value as SqliteValue);
    case "bytea":
      if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString("hex");
      return String(value).replace(/^\\x/, "");
    case "json":
    case "jsonb":
      return JSON.stringify(sortedKeys(JSON.parse(String(value))));
    default:
      return Buffer.isBuffer(value) ? value.toString("utf8") : String(value);
  }
}

/**
 * An instant as ISO-8601 UTC with milliseconds. SQLite's text in either of its forms, a number
 * (milliseconds since 1970), and PostgreSQL's own output ('2026-11-28 10:00:00.123+00').
 */
function instantText(value: SqliteValue): string {
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value)).toISOString();
  const text = String(value);
  const postgres = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?$/.exec(text);
  const parsed = postgres ? new Date(`${postgres[1]}T${postgres[2]}${postgres[3]}:${postgres[4] ?? "00"}`) : new Date(toIsoString(text));
  if (Number.isNaN(parsed.getTime())) throw new Error(`${JSON.stringify(text)} is not a date and time`);
  return parsed.toISOString();
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const MODULUS = 1n << 128n;

/**
 * A table's rows summed up: the count, and the sum (mod 2^128) of each row's MD5. A sum does not
 * depend on the order rows are read in, so neither side has to sort: SQLite orders text bytewise
 * and PostgreSQL by its collation, which would differ on the same rows. Equal multisets of rows
 * give equal sums; any changed, missing or extra row changes it (short of an MD5 collision).
 */
export class TableChecksum {
  rows = 0;
  #sum = 0n;

  add(canonicalRow: (string | null)[]): void {
    const digest = createHash("md5").update(JSON.stringify(canonicalRow)).digest();
    this.#sum = (this.#sum + digest.readBigUInt64BE(0) * (1n << 64n) + digest.readBigUInt64BE(8)) % MODULUS;
    this.rows++;
  }

  get hex(): string {
    return this.#sum.toString(16).padStart(32, "0");
  }
}
