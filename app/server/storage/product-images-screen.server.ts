import type { AppServices } from "~/server/load-context";
import { data } from "react-router";
import { storageToast, type StorageState } from "~/lib/admin/storage-messages";
import type { ResultToast } from "~/lib/forms/result-toast";
import { IMAGE_UPLOAD_TOO_LARGE, MAX_IMAGES_PER_UPLOAD } from "~/lib/admin/upload-limits";
import { recordAdminAction } from "../audit/audit-log.server";
import type { IntentArgs, IntentTable } from "../forms/intents.server";
import { BodyTooLarge, readForm, TOO_LARGE_HEADERS } from "../http/request-body.server";
import { storeArticleImages, storeProductImages, type UploadResult } from "./image-upload.server";
import { productImagesStorage } from "./storage.server";

/**
 * The product-images bucket's screen (/admin/products/images), kept apart from its route: its
 * status, the check that creates it when missing, and the upload of several pictures at once,
 * each recorded in the audit log. The products page posts its storage and upload forms here; a
 * browser without JavaScript then lands on this screen, which shows the outcome. The caller has
 * checked the admin role.
 */

export interface ImagesActionResult {
  toast?: ResultToast | null;
  storage?: StorageState;
  uploads?: UploadResult[];
}

export type ImagesAnswer = ReturnType<typeof data<ImagesActionResult>>;

const refuse = (toast: ResultToast): ImagesAnswer => data<ImagesActionResult>({ toast }, { status: 400 });

/** The bucket's state, without creating it. */
export function imageStorageStatus(context: AppServices): Promise<StorageState> {
  return productImagesStorage(context.config, context.db).check({ create: false });
}

export const IMAGE_INTENTS = {
  "check-storage": async ({ request, context }) => {
    const status = await productImagesStorage(context.config, context.db).check({ create: true });
    await recordAdminAction({ request, context }, "image-storage-checked", `${context.config.storage}: ${status.state}`);
    return data<ImagesActionResult>({ storage: status, toast: storageToast(status) });
  },

  "upload-images": uploadImages(storeProductImages),
} satisfies IntentTable;

/** The article screens' upload (/admin/articles/images, open to editors): see storeArticleImages. */
export const ARTICLE_IMAGE_INTENTS = { "upload-images": uploadImages(storeArticleImages) } satisfies IntentTable;

function uploadImages(store: typeof storeProductImages): (args: IntentArgs) => Promise<ImagesAnswer> {
  return async ({ form, request, context }) => {
    const storage = productImagesStorage(context.config, context.db);
    const files = form.getAll("images").filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);
    if (files.length === 0)
      return refuse({ kind: "error", title: "No images chosen", description: "Choose one or more image files first." });
    if (files.length > MAX_IMAGES_PER_UPLOAD) {
      return refuse({ kind: "error", title: "Too many images", description: `Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.` });
    }
    const uploads = await store(
      storage,
      await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }))),
    );
    const stored = uploads.filter((upload) => upload.ok).length;
    const refused = uploads.length - stored;
    const names = uploads.flatMap((upload) => (upload.ok ? [upload.storedAs] : []));
    await recordAdminAction(
      { request, context },
      "images-uploaded",
      `${stored} stored, ${refused} refused${names.length > 0 ? `: ${names.slice(0, 10).join(", ")}` : ""}`,
    );
    const toast: ResultToast =
      refused === 0
        ? {
            kind: "success",
            title: "Images uploaded",
            description: `Stored ${stored} ${stored === 1 ? "image" : "images"} in product-images.`,
          }
        : {
            kind: stored > 0 ? "warning" : "error",
            title: stored > 0 ? "Some images were refused" : "Images refused",
            description: `${stored} stored, ${refused} refused.`,
          };
    return data<ImagesActionResult>(
      { uploads, toast, storage: await storage.check({ create: false }) },
      { status: stored > 0 ? 200 : 400 },
    );
  };
}

/** The screen's form, read under its limit (lib/admin/upload-limits.ts); past it, a 413 that says the limits. */
export async function readImagesForm(request: Request): Promise<{ form: FormData } | { refused: ImagesAnswer }> {
  try {
    return { form: await readForm(request) };
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    return {
      refused: data<ImagesActionResult>(
        { toast: { kind: "error", ...IMAGE_UPLOAD_TOO_LARGE } },
        { status: 413, headers: TOO_LARGE_HEADERS },
      ),
    };
  }
}
