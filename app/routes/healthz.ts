import { CACHE_CONTROL } from "~/server/http/cache-control.server";
/**
 * GET /healthz: the process is up and answering. No database call, no data, never cached, and
 * nothing logged per call: process managers ask every few seconds.
 */
export function loader() {
  return new Response("ok\n", {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.noStore },
  });
}
