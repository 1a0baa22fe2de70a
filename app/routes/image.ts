import { imageResizerFor } from "~/server/images/resize.server";
import type { Route } from "./+types/image";

/**
 * /img: the site's image route, a resource route (no page). The contract and the rules are in
 * app/server/images/resize.server.ts, app/lib/image-url.ts and
 * app/lib/image-renditions.ts (the only sizes it serves). /images/* sources are read from
 * the same folder server.js serves them from (context.publicDir, which follows BUILD_DIR).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return imageResizerFor(context.config.dataDir, context.publicDir, context.config.imageCacheMaxBytes).handle(request);
}
