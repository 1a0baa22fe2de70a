import { appContext } from "~/server/load-context";
import { imageResizerFor } from "~/server/images/resize.server";
import { productImagesStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/image";

/**
 * /img/<size><site path> and /img?src=…: the site's image route, a resource route (no page),
 * mounted at both paths (app/routes.ts). The contract and the rules are in
 * app/server/images/resize.server.ts, app/lib/images/image-url.ts and
 * app/lib/images/image-renditions.ts (the only sizes it serves). /images/* sources are read from
 * the same folder server.js serves them from (context.get(appContext).publicDir, which follows BUILD_DIR).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config, db, publicDir } = context.get(appContext);
  return imageResizerFor(config.dataDir, publicDir, config.imageCacheMaxBytes, productImagesStorage(config, db)).handle(request);
}
