import { appContext } from "~/server/load-context";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { throwOutboundNotFound } from "~/server/pages/go.server";
import type { Route } from "./+types/go";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

/**
 * /go/{product-slug} when there is nowhere to send the visitor: always the 404 screen, drawn by
 * the error boundary, so the route has no component of its own. Working links are redirected
 * before React (app/server/clicks/outbound-redirect.server.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return throwOutboundNotFound(context.get(appContext).db, params.slug, request);
}

/** Whatever the loader ended with (even a failed database read), this page is never stored nor indexed. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": CACHE_CONTROL.noStore, "X-Robots-Tag": loaderHeaders.get("X-Robots-Tag") ?? "noindex, nofollow" };
}

export const meta: Route.MetaFunction = ({ error }) => pageErrorMeta(error);

/**
 * Never drawn, since the loader always throws to the error boundary; without a component the
 * router would log on every request that this page route renders nothing.
 */
export default function OutboundLinkPage() {
  return null;
}
