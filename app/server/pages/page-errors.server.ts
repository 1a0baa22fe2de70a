import { data } from "react-router";
import type { PageError } from "~/lib/site/page-errors";
import { wordPageError } from "./page-error-texts.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * How a page module gives up: it throws one of these, React Router answers with the status and
 * headers, and the route's boundary (PageErrorBoundary) shows the payload: the error with its
 * words (page-error-texts.server.ts). See app/lib/site/page-errors.ts.
 *
 * Cache-Control is the caller's to choose and is passed through as given: the pages have always
 * differed here (the product's 404 says no-store, the collection's sends none) and keep doing so.
 * Only a 200 is ever kept by the page cache, whatever the header says.
 */

/** Headers of an error page; a route's `headers` export passes them on (`errorHeaders`). */
export type PageErrorHeaders = Record<string, string>;

/** Every page error thrown, so a page module's own catch can let them through (`isThrownAnswer`). */
const thrown = new WeakSet<object>();

export function throwPageError(error: PageError, init: { status: number; headers?: PageErrorHeaders }): never {
  const answer = data(wordPageError(error), { status: init.status, headers: init.headers });
  thrown.add(answer);
  throw answer;
}

/**
 * Whether something a page module caught is its own answer (a page error from here, or a
 * redirect, which React Router throws as a Response) rather than a failure: a module that turns
 * failures into an error page rethrows these as they are.
 */
export function isThrownAnswer(error: unknown): boolean {
  return error instanceof Response || (typeof error === "object" && error !== null && thrown.has(error));
}

/** 404. */
export function notFound(error: PageError, headers?: PageErrorHeaders): never {
  return throwPageError(error, { status: 404, headers });
}

/** 410: gone for good, so search engines drop the address (ADR 0026); a CDN may keep it an hour. */
export function gone(error: PageError, headers: PageErrorHeaders = { "Cache-Control": CACHE_CONTROL.gone }): never {
  return throwPageError(error, { status: 410, headers });
}

/**
 * 503 by default (come back later), never cached. A screen that has always answered another
 * status for its failure (the collection page: 500) passes it.
 */
export function unavailable(error: PageError, init: { status?: number; headers?: PageErrorHeaders } = {}): never {
  return throwPageError(error, { status: init.status ?? 503, headers: init.headers ?? { "Cache-Control": CACHE_CONTROL.noStore } });
}
