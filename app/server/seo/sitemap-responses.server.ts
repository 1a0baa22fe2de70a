import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { sitemapFile, sitemapIndex } from "./sitemap.server";

/**
 * The sitemap over HTTP. /sitemap.xml is a route of app/routes.ts; the files it names are
 * answered here, ahead of React Router, because they must sit at the root (a sitemap may only
 * list addresses under its own folder) and React Router matches a parameter only as a whole path
 * segment: `/sitemap-products-:part.xml` cannot be a route, and a root `/:file` route would take
 * every unknown one-segment address from the 404 page. They are streamed, so the page cache,
 * which keeps whole bodies, leaves them alone (page-cache/cache-key.ts).
 */

const XML = "application/xml; charset=utf-8";
/** Every sitemap file is named so; anything else of the shape is a 404 here. */
const SITEMAP_FILE = /^\/sitemap-[^/]*\.xml$/;

/** Whether a path is the sitemap files' to answer (see above), before any routing. */
export function isSitemapFilePath(path: string): boolean {
  return SITEMAP_FILE.test(path);
}

export async function sitemapIndexResponse(db: DB, origin: string): Promise<Response> {
  return new Response(await sitemapIndex(db, origin), { headers: { "Content-Type": XML, "Cache-Control": CACHE_CONTROL.publicPage } });
}

function plainText(status: number, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.noStore },
  });
}

/** Strings pulled as the client reads, so the database is read no faster than the file is sent. */
function byteStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/**
 * A sitemap file's answer (GET or HEAD): the file streamed, a 404 when the site has no such file,
 * a 503 when the database could not say what the files are. A failure part way through a file
 * ends the connection, and the crawler asks again.
 */
export async function sitemapFileResponse(db: DB, origin: string, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" && request.method !== "HEAD") return plainText(405, "A sitemap can only be read.");
  let chunks: AsyncGenerator<string> | null;
  try {
    chunks = await sitemapFile(db, origin, pathname);
  } catch (error) {
    log.error(`Sitemap ${pathname} could not be read: ${(error as Error)?.message ?? error}`);
    return plainText(503, "The sitemap is temporarily unavailable. Please try again in a moment.");
  }
  if (!chunks) return plainText(404, "No such sitemap file.");
  if (request.method === "HEAD") {
    await chunks.return(undefined);
    return new Response(null, { headers: { "Content-Type": XML, "Cache-Control": CACHE_CONTROL.publicPage } });
  }
  return new Response(byteStream(chunks), { headers: { "Content-Type": XML, "Cache-Control": CACHE_CONTROL.publicPage } });
}
