import { dispatchIntent } from "~/server/forms/intents.server";
import { ARTICLE_IMAGE_INTENTS, readImagesForm } from "~/server/storage/product-images-screen.server";
import type { Route } from "./+types/articles-images";

/**
 * POST /admin/articles/images: an article's hero picture, or an author's photo, into the site's
 * image storage: the same checks, limits and audit entry as the product pictures, under the
 * articles' own address (editors may use the article screens without the product ones) and
 * names of their own, never over an existing file (storeArticleImages).
 */
export async function action(args: Route.ActionArgs) {
  const read = await readImagesForm(args.request);
  if ("refused" in read) return read.refused;
  return dispatchIntent(args, ARTICLE_IMAGE_INTENTS, { form: read.form });
}
