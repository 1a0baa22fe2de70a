import { CACHE_CONTROL } from "./cache-control.server";
/**
 * The answer for a method an endpoint does not take (a GET of a POST-only endpoint): 405 with
 * the methods it does take, instead of React Router's 400 "no loader" error and its stack trace.
 */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return new Response(`Method not allowed. Use ${allowed.join(" or ")}.\n`, {
    status: 405,
    headers: { Allow: allowed.join(", "), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.noStore },
  });
}
