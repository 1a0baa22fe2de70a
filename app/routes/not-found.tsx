import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { log } from "~/server/log.server";
import { notFound } from "~/server/pages/page-errors.server";
import type { Route } from "./+types/not-found";

/** Every address no other route claims: the site-wide 404, drawn by the boundary. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  log.warn(`404 Not Found: ${pathname}`);
  return notFound({ screen: "page", kind: "not-found" });
}

export const meta: Route.MetaFunction = ({ error }) => pageErrorMeta(error);

/** Never shown: the loader always throws. */
export default function NotFound() {
  return null;
}

export { PageErrorBoundary as ErrorBoundary };
