import { ImageUp } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { FormField } from "~/components/ui/form-field";
import { PRODUCT_IMAGES_BUCKET } from "~/lib/images/image-source";
import { describeBytes, MAX_IMAGE_BYTES } from "~/lib/admin/upload-limits";
import type { ImagesActionResult } from "~/server/storage/product-images-screen.server";

/**
 * The hero picture: uploaded into the site's image storage (POST /admin/articles/images, the
 * product pictures' checks and limits), then named by its site path; its description is asked
 * for beside it, since a picture without one says nothing to a screen reader.
 */
export function HeroImageField({
  image,
  alt,
  onImage,
  onAlt,
  errors,
  label = "Hero picture",
}: {
  image: string;
  alt: string;
  onImage: (path: string) => void;
  onAlt?: (alt: string) => void;
  errors: { image?: string; imageAlt?: string };
  label?: string;
}) {
  const fetcher = useFetcher<ImagesActionResult>();
  const fileId = useId();
  const file = useRef<HTMLInputElement>(null);
  const upload = fetcher.data?.uploads?.[0];
  useEffect(() => {
    if (upload?.ok) onImage(`/storage/${PRODUCT_IMAGES_BUCKET}/${encodeURIComponent(upload.storedAs)}`);
    // Only a new upload's answer sets the path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upload]);
  const send = () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    const data = new FormData();
    data.set("intent", "upload-images");
    data.append("images", chosen);
    fetcher.submit(data, { method: "post", action: "/admin/articles/images", encType: "multipart/form-data" });
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {image && <img src={image} alt="" className="aspect-[16/9] w-full max-w-sm rounded-md bg-sand object-cover" />}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={fileId} className="sr-only">
          Picture file
        </label>
        <input
          ref={file}
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          onChange={send}
          className="min-w-0 flex-1 text-sm file:mr-3 file:h-10 file:rounded-full file:border file:border-line file:bg-sand file:px-4 file:font-semibold file:text-ink"
        />
        <span className="inline-flex items-center gap-1 text-sm text-ink-muted" aria-live="polite">
          <ImageUp aria-hidden className="size-4" />
          {fetcher.state !== "idle"
            ? "Uploading…"
            : upload && !upload.ok
              ? `Refused: ${upload.reason}`
              : `Up to ${describeBytes(MAX_IMAGE_BYTES)}`}
        </span>
      </div>
      <FormField
        label="Picture path"
        name="image"
        value={image}
        onChange={(event) => onImage(event.currentTarget.value)}
        error={errors.image}
        hint="Filled in by the upload; a site path such as /images/articles/x.webp also works."
      />
      {onAlt && (
        <FormField
          label="Picture description (alt text)"
          name="imageAlt"
          value={alt}
          onChange={(event) => onAlt(event.currentTarget.value)}
          error={errors.imageAlt}
          hint="What the picture shows, for readers who cannot see it."
        />
      )}
    </fieldset>
  );
}
