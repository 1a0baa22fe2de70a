import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider, type HandleErrorFunction } from "react-router";
import { loadPageErrorScreens } from "./components/site/page-error-boundary";
import { documentHasErrors, isCrossSiteRefusal } from "./server/framework/react-router-adapter.server";
import { contentSecurityPolicy, renderMarker, scriptHash, serverWrittenScripts } from "./server/http/content-security-policy.server";
import { HYDRATION_STARTER, deferHydration } from "./server/http/defer-hydration.server";
import { appContext } from "./server/load-context";
import { log } from "./server/log.server";

/**
 * Every HTML document is rendered whole before a byte is sent (docs/decisions/0009: document
 * loaders await all their data, so there is nothing to stream), which lets the response carry a
 * Content-Security-Policy naming the hash of each inline script the server wrote into it
 * (docs/decisions/0022, 0105).
 * Client navigations fetch data, not documents, and never come here.
 */

// The owner's screens hydrate at once: forms and tables that work best live, and no reader waits on them.
const OWNER_SCREENS = /^\/(admin|auth)(\/|$)/;

// React Router aborts a render that has not finished in this long; a document waiting longer is broken.
export const streamTimeout = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  let status = responseStatusCode;
  // A page showing an error draws its panel from a module of its own; have it before rendering.
  if (documentHasErrors(routerContext)) await loadPageErrorScreens();
  // React Router and React mark every script they write with it (as its nonce).
  const marker = renderMarker();
  const rendered = await renderDocument(<ServerRouter context={routerContext} url={request.url} nonce={marker} />, marker, () => {
    status = 500;
  });
  const written = serverWrittenScripts(rendered, marker);
  const html = OWNER_SCREENS.test(new URL(request.url).pathname) ? written.html : deferHydration(written.html);
  // The starter is the server's own too; the bootstrap's inert copy has the bootstrap's text, allowed already.
  const hashes = html === written.html ? written.hashes : [...written.hashes, scriptHash(HYDRATION_STARTER)];
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(hashes, { https: loadContext.get(appContext).config.baseUrl.startsWith("https:") }),
  );
  // A HEAD gets the same headers as the GET would, CSP included.
  const body = request.method.toUpperCase() === "HEAD" ? null : html;
  return new Response(body, { status, headers: responseHeaders });
}

function renderDocument(element: React.ReactElement, nonce: string, onRenderError: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        // React writes the doctype itself when the root element is <html>.
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    let shellFailed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      // React's own inline scripts, if it writes any, are the server's too.
      nonce,
      // The document goes out whole, so nothing is gained by React writing a finished <Suspense>
      // part after the rest with a script that moves it into place (it does so for parts past
      // this many bytes): every part stays where it belongs, readable without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error) {
        shellFailed = true;
        clearTimeout(timeout);
        reject(error);
      },
      onError(error) {
        // Errors inside the shell reject and are logged by React Router; these are the others.
        if (!shellFailed) {
          onRenderError();
          log.error(`Rendering failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        }
      },
    });
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/**
 * A 4xx error response is the caller's mistake (a GET of a POST-only endpoint, a POST to a
 * page): it is answered, not logged, so one visitor cannot fill the log with stack traces.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own cross-site check refuses a POST whose Origin is not the request's (a 400);
  // anyone can send one, so it is a client's mistake, not ours.
  if (isCrossSiteRefusal(error)) return;
  // React Router's own error responses carry the underlying error, if any, in `.error`.
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? `${error.status} ${error.statusText}`) : error;
  log.error(cause instanceof Error ? (cause.stack ?? cause.message) : String(cause));
};
