// How server.js stops accepting connections without closing the ones it has: the one place it
// leans on how Node's HTTP server works inside rather than on its documented API
// (docs/decisions/0081). tests/framework/framework-ties.test.ts checks it on the installed Node.
import net from "node:net";

/**
 * Stops accepting, but not through http's close(): since Node 19 that also drops every connection
 * without a request in progress, including ones accepted a moment ago whose request has not been
 * read yet, and those visitors would get a reset instead of a page. net.Server's own close() only
 * stops listening; `onClosed` runs once the last connection has ended.
 */
export function stopAccepting(server, onClosed) {
  net.Server.prototype.close.call(server, onClosed);
}
