/**
 * Tells a database that is unreachable or overloaded (the visitor should come back in a moment:
 * 503) from a bug or bad data (500). Only the first kind is safe to answer "temporarily
 * unavailable": a broken query must still show up as an error.
 */

/** Socket-level failures node reports while connecting to or talking with PostgreSQL. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs for "the server is not there for you right now": class 08 (connection
 * exception), shutdown in progress (57P01–57P03), too many connections (53300), and a statement
 * cancelled by statement_timeout (57014). SQLite's "database is locked" after its busy timeout.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);
const SQLITE_UNAVAILABLE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_RECOVERY", "SQLITE_CANTOPEN"]);

/** node-postgres reports its own timeouts and dropped sockets as plain Errors with these words. */
const PG_CLIENT_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Connection ended unexpectedly",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== "object") return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === "string" && PG_CLIENT_MESSAGES.some((words) => message.includes(words))) return true;
    // Promise.all inside a loader may reject with an AggregateError from several queries.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
