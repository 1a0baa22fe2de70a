import { HardDrive } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FetcherForm } from "~/components/ui/link";
import { useResultToast } from "~/components/ui/use-result-toast";
import type { StorageState } from "~/lib/admin/storage-messages";
import type { ImagesActionResult } from "~/server/storage/product-images-screen.server";
import { ImageUpload, PRODUCT_IMAGES_PATH } from "./image-upload";
import { StorageBanner } from "./storage-banner";

/**
 * The product-images bucket on an admin page: its status, checked (and the bucket created when
 * missing) on arrival and on 'Check Storage Status', and the picture upload beside it. Both
 * forms post to the product-images screen.
 */
export function useImageStorage(current: StorageState) {
  const fetcher = useFetcher<ImagesActionResult>();
  useResultToast(fetcher.data);
  const autoChecked = useRef(false);
  useEffect(() => {
    if (current.state === "missing" && !autoChecked.current) {
      autoChecked.current = true;
      void fetcher.submit({ intent: "check-storage" }, { method: "post", action: PRODUCT_IMAGES_PATH });
    }
  }, [current.state, fetcher]);
  return { fetcher, status: fetcher.data?.storage ?? current, checking: fetcher.state !== "idle" };
}

export type ImageStorage = ReturnType<typeof useImageStorage>;

export function StorageCheckButton({ storage }: { storage: ImageStorage }) {
  return (
    <FetcherForm fetcher={storage.fetcher} method="post" action={PRODUCT_IMAGES_PATH}>
      <input type="hidden" name="intent" value="check-storage" />
      <button type="submit" className={buttonClasses({ variant: "secondary" }, "w-full px-3 sm:px-5")} disabled={storage.checking}>
        <HardDrive aria-hidden className="size-4" />
        Check Storage Status
      </button>
    </FetcherForm>
  );
}

/** The status banner and the upload form, side by side from 1280 px. */
export function ImageStoragePanel({ storage, result }: { storage: ImageStorage; result?: ImagesActionResult }) {
  return (
    <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <StorageBanner status={storage.status} checking={storage.checking} />
      <ImageUpload result={result} />
    </div>
  );
}
