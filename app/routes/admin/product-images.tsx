import { appContext } from "~/server/load-context";
import { Link } from "~/components/ui/link";
import { ImageStoragePanel, StorageCheckButton, useImageStorage } from "~/components/admin/image-storage";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { Notice, type NoticeTone } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import type { ToastKind } from "~/lib/forms/result-toast";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { dispatchIntent } from "~/server/forms/intents.server";
import { IMAGE_INTENTS, imageStorageStatus, readImagesForm, type ImagesAnswer } from "~/server/storage/product-images-screen.server";
import type { Route } from "./+types/product-images";

/**
 * /admin/products/images: the product-images bucket's status, its check, and the picture upload.
 * The products page shows the same panel and posts its forms here with a fetcher, staying where
 * it is; without JavaScript the browser lands here, and this screen shows what the post did.
 */

export const meta: Route.MetaFunction = () => [{ title: `Product images - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { storage: await imageStorageStatus(context.get(appContext)) };
}

export async function action(args: Route.ActionArgs): Promise<ImagesAnswer> {
  const read = await readImagesForm(args.request);
  if ("refused" in read) return read.refused;
  return dispatchIntent(args, IMAGE_INTENTS, { form: read.form });
}

const TONES: Record<ToastKind, NoticeTone> = { success: "green", info: "blue", warning: "yellow", error: "red" };

export default function ProductImagesPage({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData);
  const storage = useImageStorage(actionData?.storage ?? loaderData.storage);
  const toast = actionData?.toast;
  return (
    <>
      <AdminPageHeader
        title="Product images"
        description="The product-images bucket: upload pictures here, then name them in a product's images by file name."
      >
        <StorageCheckButton storage={storage} />
        <Link to="/admin/products" className={buttonClasses({ variant: "secondary" })}>
          Back to products
        </Link>
      </AdminPageHeader>
      <div className="space-y-6">
        {/* With scripts the same words arrive as a toast. */}
        {toast && (
          <noscript>
            <Notice tone={TONES[toast.kind]} title={toast.title} role="status">
              {toast.description}
            </Notice>
          </noscript>
        )}
        <ImageStoragePanel storage={storage} result={actionData} />
      </div>
    </>
  );
}
