import { ImageUp } from "lucide-react";
import { useFetcher } from "react-router";
import { FetcherForm } from "~/components/ui/link";
import { describeBytes, describePixels, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "~/lib/admin/upload-limits";
import type { ImagesActionResult } from "~/server/storage/product-images-screen.server";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";

/** The product-images screen, where the storage and upload forms post. */
export const PRODUCT_IMAGES_PATH = "/admin/products/images";

/**
 * Several pictures at once into the product-images bucket. A bare file name in a CSV's images
 * list then shows that picture. A plain multipart form: with scripts the page stays where it
 * is; without, the browser lands on the product-images screen, which passes its answer in
 * `result`.
 */
export function ImageUpload({ result }: { result?: ImagesActionResult }) {
  const fetcher = useFetcher<ImagesActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const uploads = (fetcher.data ?? result)?.uploads ?? [];
  return (
    <section aria-labelledby="images-title" className="rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 id="images-title" className="flex items-center gap-2 text-lg font-semibold">
        <ImageUp aria-hidden className="size-5 text-brand" />
        Product images
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        JPEG, PNG, WebP, AVIF or GIF, up to {describeBytes(MAX_IMAGE_BYTES)} and {describePixels(MAX_IMAGE_PIXELS)} each. Refer to an upload
        in a CSV by its file name.
      </p>
      <FetcherForm
        fetcher={fetcher}
        method="post"
        action={PRODUCT_IMAGES_PATH}
        encType="multipart/form-data"
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center"
      >
        <input type="hidden" name="intent" value="upload-images" />
        <label htmlFor="image-files" className="sr-only">
          Images to upload
        </label>
        <input
          id="image-files"
          name="images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="min-w-0 flex-1 text-sm file:mr-3 file:h-10 file:rounded-full file:border file:border-line file:bg-sand file:px-4 file:font-semibold file:text-ink hover:file:bg-sand-strong"
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-10 items-center justify-center rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-ink/85 disabled:opacity-50"
        >
          {busy ? "Uploading…" : "Upload Images"}
        </button>
      </FetcherForm>
      {uploads.length > 0 && (
        <Notice tone={uploads.every((upload) => upload.ok) ? "green" : "yellow"} title="Upload results" className="mt-3">
          <ul className="space-y-0.5">
            {uploads.map((upload) => (
              <li key={upload.file}>
                {upload.ok ? (
                  <>
                    <strong>{upload.file}</strong> stored as <code className="font-mono text-xs">{upload.storedAs}</code>
                  </>
                ) : (
                  <>
                    <strong>{upload.file}</strong> refused: {upload.reason}
                  </>
                )}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </section>
  );
}
