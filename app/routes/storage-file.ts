import { appContext } from "~/server/load-context";
import { contentTypeFor } from "~/server/storage/file-names";
import { productImagesStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/storage-file";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /storage/product-images/:name: uploaded product pictures, public like the spec's bucket.
 * Only names of the stored shape are served (one segment, a picture extension), so '..',
 * encoded slashes and other files under DATA_DIR are unreachable. The content type comes from
 * the extension, which the upload set from the decoded format; the bytes come from the storage
 * driver (disk or database) as they are read; nosniff and a sandboxing CSP
 * stop a browser from treating the bytes as anything else.
 */

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = params.name;
  const contentType = contentTypeFor(name);
  if (!contentType) return notFound();
  const file = await productImagesStorage(context.get(appContext).config, context.get(appContext).db).open(name);
  if (!file) return notFound();

  const etag = `"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`;
  const headers = new Headers({
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    // An upload may be replaced under the same name: a short max-age, then revalidate by ETag.
    "Cache-Control": CACHE_CONTROL.uploadedFile,
    ETag: etag,
    "Last-Modified": file.modified.toUTCString(),
  });
  if (request.headers.get("if-none-match") === etag) {
    await file.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(file.size));
  if (request.method === "HEAD") {
    await file.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(file.body, { status: 200, headers });
}
