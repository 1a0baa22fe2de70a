import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { KNOWLEDGE_CENTER_NAME } from "./articles";
import { SITE_NAME } from "./site-navigation";

/**
 * The one error path of the public screens (docs/decisions/0036-page-modules-and-one-error-path.md).
 *
 * A page module (app/server/pages/<screen>.server.ts) either returns its screen's view model or
 * throws a `PageError` with the helpers of app/server/pages/page-errors.server.ts
 * (`notFound`, `gone`, `unavailable`), which set the HTTP status and headers. The route exports
 * `PageErrorBoundary as ErrorBoundary` (app/components/site/page-error-boundary.tsx) and starts
 * its meta with `if (error) return pageErrorMeta(error);`, so the loader's data type holds only
 * the ready page and the component never branches on "found".
 *
 * A screen with its own wording adds a member to the union below, its texts to
 * `pageErrorTexts`, and (when it shows more than a panel) a case to the boundary. Anything else
 * thrown (the database-outage 503, a bare 404) renders as the site-wide texts.
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
  /** /go/{slug} with nowhere to go: the product, when there is one, has no usable shop link. */
  | { screen: "go"; kind: "not-found"; product: { name: string; href: string } | null }
  /** The catch-all route, and any 404 thrown without a payload. */
  | { screen: "page"; kind: "not-found" }
  /** The database-outage 503 and any other 503 without a payload. */
  | { screen: "site"; kind: "unavailable" };

export type PageErrorScreen = PageError["screen"];

const SCREENS: ReadonlySet<string> = new Set<PageErrorScreen>(["product", "collection", "article", "learn-tag", "go", "page", "site"]);
const KINDS: ReadonlySet<string> = new Set<PageError["kind"]>(["not-found", "gone", "unavailable"]);

/** Whether a thrown response's payload is a page error (a plain string or null is not). */
export function isPageError(value: unknown): value is PageError {
  if (typeof value !== "object" || value === null) return false;
  const { screen, kind } = value as { screen?: unknown; kind?: unknown };
  return typeof screen === "string" && SCREENS.has(screen) && typeof kind === "string" && KINDS.has(kind);
}

/**
 * The page error a thrown response stands for: its own payload, else by status the site-wide
 * 404 or 503. Undefined for anything else (an unexpected failure: "Something went wrong").
 */
export function pageErrorOf(status: number, payload: unknown): PageError | undefined {
  if (isPageError(payload)) return payload;
  if (status === 404) return { screen: "page", kind: "not-found" };
  if (status === 503) return { screen: "site", kind: "unavailable" };
  return undefined;
}

export interface PageErrorTexts {
  /** The <title>; null where the screen has never had one (the site-wide 503). */
  metaTitle: string | null;
  metaDescription: string | null;
  /** The panel's heading and line. */
  title: string;
  message: string;
}

const PRODUCT_NOT_FOUND: PageErrorTexts = {
  metaTitle: `Product Not Found - ${SITE_NAME}`,
  metaDescription: "We have no review of this sauna. See the outdoor saunas we review.",
  title: "Product Not Found",
  message: "The requested product could not be found.",
};

/** The site-wide big 404 (NotFoundPanel's own wording). */
export const PAGE_NOT_FOUND_TITLE = "404 - Oops! Page not found";
export const PAGE_NOT_FOUND_MESSAGE = "The page you asked for isn't here. It may have moved, or the address may be mistyped.";

/** Every screen's words for its error. */
export function pageErrorTexts(error: PageError): PageErrorTexts {
  switch (error.screen) {
    case "product":
      if (error.kind === "gone") {
        return {
          metaTitle: `${error.name} - No Longer Reviewed - ${SITE_NAME}`,
          metaDescription: `We no longer review the ${error.name}. See the outdoor saunas we review now.`,
          title: "No Longer Reviewed",
          message: `We have removed the ${error.name} from our reviews.`,
        };
      }
      return PRODUCT_NOT_FOUND;
    case "collection":
      if (error.kind === "unavailable") {
        return {
          metaTitle: `Error loading products - ${SITE_NAME}`,
          metaDescription: `The "${error.listId}" sauna collection could not be shown.`,
          title: error.title,
          message: `Error loading products: ${error.message}`,
        };
      }
      return {
        metaTitle: `Collection Not Found - ${SITE_NAME}`,
        metaDescription: `The "${error.listId}" sauna collection could not be shown.`,
        title: "Collection Not Found",
        message: `The "${error.listId}" sauna collection could not be found or has no products available.`,
      };
    case "article":
      return learnNotFound("Article Not Found", "The article you're looking for doesn't exist or has been moved.");
    case "learn-tag":
      return learnNotFound("Tag Not Found", "No article carries this tag. It may have been renamed, or the address may be mistyped.");
    case "go":
      return {
        metaTitle: `Shop link not available - ${SITE_NAME}`,
        metaDescription: null,
        ...(error.product
          ? {
              title: `No shop link for ${error.product.name} yet`,
              message: "We don't have a link to a shop for this sauna right now. Its review has the details, price and specifications.",
            }
          : {
              title: "This shop link doesn't lead anywhere",
              message: "The sauna this link was for isn't in our reviews. It may have been removed, or the address may be mistyped.",
            }),
      };
    case "page":
      return {
        metaTitle: `Page not found - ${SITE_NAME}`,
        // A result page may still quote the error page; say what it is rather than leave it blank.
        metaDescription: "This page does not exist. Browse our outdoor sauna reviews and buying guides instead.",
        title: PAGE_NOT_FOUND_TITLE,
        message: PAGE_NOT_FOUND_MESSAGE,
      };
    case "site":
      return {
        metaTitle: null,
        metaDescription: null,
        title: "Temporarily unavailable",
        message: "The site cannot reach its data right now. Please try again in a moment.",
      };
  }
}

function learnNotFound(title: string, message: string): PageErrorTexts {
  return { metaTitle: `${title} - ${KNOWLEDGE_CENTER_NAME}`, metaDescription: message, title, message };
}

/**
 * The meta tags of a screen showing its error: title, description and `noindex` (an error page
 * must not be indexed). The site-wide 503 has never had any, and keeps it so.
 */
export function pageErrorMetaOf(error: PageError): MetaDescriptor[] {
  const texts = pageErrorTexts(error);
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
export function caughtPageError(error: unknown): PageError | undefined {
  return isRouteErrorResponse(error) ? pageErrorOf(error.status, error.data) : undefined;
}

/** A route's meta while its boundary shows: `if (error) return pageErrorMeta(error);`. */
export function pageErrorMeta(error: unknown): MetaDescriptor[] {
  const pageError = caughtPageError(error);
  return pageError ? pageErrorMetaOf(pageError) : [];
}
