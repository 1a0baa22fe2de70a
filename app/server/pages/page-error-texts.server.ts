import { KNOWLEDGE_CENTER_NAME } from "~/lib/learn/articles";
import { PAGE_NOT_FOUND, SITE_UNAVAILABLE, type PageError, type PageErrorTexts, type WordedPageError } from "~/lib/site/page-errors";
import { SITE_NAME } from "~/lib/site/site-navigation";

/**
 * Every screen's words for its error, put on the error where it is thrown (page-errors.server.ts),
 * so the page's meta and its panel read them from the payload both on the server and after a
 * client navigation, and no page's scripts carry the wording of every other screen's errors.
 */
export function wordPageError(error: PageError): WordedPageError {
  return { ...error, texts: pageErrorTexts(error) } as WordedPageError;
}

const PRODUCT_NOT_FOUND: PageErrorTexts = {
  metaTitle: `Product Not Found - ${SITE_NAME}`,
  metaDescription: "We have no review of this sauna. See the outdoor saunas we review.",
  title: "Product Not Found",
  message: "The requested product could not be found.",
};

function pageErrorTexts(error: PageError): PageErrorTexts {
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
    case "learn-author":
      return learnNotFound("Author Not Found", "No published article names this author. The address may be mistyped.");
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
      return PAGE_NOT_FOUND.texts;
    case "site":
      return SITE_UNAVAILABLE.texts;
  }
}

function learnNotFound(title: string, message: string): PageErrorTexts {
  return { metaTitle: `${title} - ${KNOWLEDGE_CENTER_NAME}`, metaDescription: message, title, message };
}
