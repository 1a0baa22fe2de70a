import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { SITE_NAME } from "./site-navigation";

/**
 * The one error path of the public screens (docs/decisions/0036-page-modules-and-one-error-path.md).
 *
 * A page module (app/server/pages/<screen>.server.ts) either returns its screen's view model or
 * throws a `PageError` with the helpers of app/server/pages/page-errors.server.ts
 * (`notFound`, `gone`, `unavailable`), which set the HTTP status and headers and word the error
 * (app/server/pages/page-error-texts.server.ts). The route exports `PageErrorBoundary as
 * ErrorBoundary` (app/components/site/page-error-boundary.tsx) and starts its meta with
 * `if (error) return pageErrorMeta(error);`, so the loader's data type holds only the ready page
 * and the component never branches on "found".
 *
 * The wording travels with the error, so the browser's scripts carry none of it but the two
 * texts it may have to supply itself: a 404 or 503 that arrives without a payload (the
 * database-outage wrapper's, React Router's own) is the site-wide not-found or unavailable screen.
 *
 * A screen with its own wording adds a member to the union below, its texts to
 * `wordPageError`, and (when it shows more than a panel) a case to the error screens.
 */

export interface CategoryLink {
  label: string;
  href: string;
}

export type PageError =
  | { screen: "product"; kind: "not-found" }
  /** A product the admin deleted; `category` is the closest page that still exists. */
  | { screen: "product"; kind: "gone"; name: string; category: CategoryLink | null }
  /** The product could not be read: shown as not found, answered 503. */
  | { screen: "product"; kind: "unavailable" }
  | { screen: "collection"; kind: "not-found"; listId: string }
  /** The collection's products could not be read: its title, and what follows 'Error loading products: '. */
  | { screen: "collection"; kind: "unavailable"; listId: string; title: string; message: string }
  | { screen: "article"; kind: "not-found" }
  | { screen: "learn-tag"; kind: "not-found" }
  | { screen: "learn-author"; kind: "not-found" }
  /** /go/{slug} with nowhere to go: the product, when there is one, has no usable shop link. */
  | { screen: "go"; kind: "not-found"; product: { name: string; href: string } | null }
  /** The catch-all route, and any 404 thrown without a payload. */
  | { screen: "page"; kind: "not-found" }
  /** The database-outage 503 and any other 503 without a payload. */
  | { screen: "site"; kind: "unavailable" };

export type PageErrorScreen = PageError["screen"];

export interface PageErrorTexts {
  /** The <title>; null where the screen has never had one (the site-wide 503). */
  metaTitle: string | null;
  metaDescription: string | null;
  /** The panel's heading and line. */
  title: string;
  message: string;
}

/** A page error with its words: what a loader throws, and what the boundary and meta read. */
export type WordedPageError = PageError & { texts: PageErrorTexts };

/** The site-wide big 404. */
export const PAGE_NOT_FOUND: WordedPageError = {
  screen: "page",
  kind: "not-found",
  texts: {
    metaTitle: `Page not found - ${SITE_NAME}`,
    // A result page may still quote the error page; say what it is rather than leave it blank.
    metaDescription: "This page does not exist. Browse our outdoor sauna reviews and buying guides instead.",
    title: "404 - Oops! Page not found",
    message: "The page you asked for isn't here. It may have moved, or the address may be mistyped.",
  },
};

/** The site-wide 503: it has never had a title or description, and keeps it so. */
export const SITE_UNAVAILABLE: WordedPageError = {
  screen: "site",
  kind: "unavailable",
  texts: {
    metaTitle: null,
    metaDescription: null,
    title: "Temporarily unavailable",
    message: "The site cannot reach its data right now. Please try again in a moment.",
  },
};

const SCREENS: ReadonlySet<string> = new Set<PageErrorScreen>([
  "product",
  "collection",
  "article",
  "learn-tag",
  "learn-author",
  "go",
  "page",
  "site",
]);
const KINDS: ReadonlySet<string> = new Set<PageError["kind"]>(["not-found", "gone", "unavailable"]);

/** Whether a thrown response's payload is a worded page error (a plain string or null is not). */
export function isWordedPageError(value: unknown): value is WordedPageError {
  if (typeof value !== "object" || value === null) return false;
  const { screen, kind, texts } = value as { screen?: unknown; kind?: unknown; texts?: Record<keyof PageErrorTexts, unknown> | null };
  const textOrNull = (text: unknown) => typeof text === "string" || text === null;
  return (
    typeof screen === "string" &&
    SCREENS.has(screen) &&
    typeof kind === "string" &&
    KINDS.has(kind) &&
    typeof texts?.title === "string" &&
    typeof texts.message === "string" &&
    textOrNull(texts.metaTitle) &&
    textOrNull(texts.metaDescription)
  );
}

/**
 * The page error a thrown response stands for: its own payload, else by status the site-wide
 * 404 or 503. Undefined for anything else (an unexpected failure: "Something went wrong").
 */
export function pageErrorOf(status: number, payload: unknown): WordedPageError | undefined {
  if (isWordedPageError(payload)) return payload;
  if (status === 404) return PAGE_NOT_FOUND;
  if (status === 503) return SITE_UNAVAILABLE;
  return undefined;
}

/**
 * The meta tags of a screen showing its error: title, description and `noindex` (an error page
 * must not be indexed). The site-wide 503 has none.
 */
export function pageErrorMetaOf({ texts }: WordedPageError): MetaDescriptor[] {
  if (texts.metaTitle === null) return [];
  const tags: MetaDescriptor[] = [{ title: texts.metaTitle }];
  if (texts.metaDescription !== null) tags.push({ name: "description", content: texts.metaDescription });
  tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * The page error of whatever a route's boundary caught (the `error` of meta and ErrorBoundary):
 * a thrown response's page error; undefined for an unexpected failure.
 */
export function caughtPageError(error: unknown): WordedPageError | undefined {
  return isRouteErrorResponse(error) ? pageErrorOf(error.status, error.data) : undefined;
}

/** A route's meta while its boundary shows: `if (error) return pageErrorMeta(error);`. */
export function pageErrorMeta(error: unknown): MetaDescriptor[] {
  const pageError = caughtPageError(error);
  return pageError ? pageErrorMetaOf(pageError) : [];
}
