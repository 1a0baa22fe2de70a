import path from "node:path";
import { imageResizerFor } from "~/server/images/resize.server";
import type { Route } from "./+types/image";

/**
 * /img: the site's image route, a resource route (no page). The contract and the rules are in
 * app/server/images/resize.server.ts and app/lib/image-url.ts.
 *
 * Where /images/* files are read from is resolved once, from the working directory, the same way
 * server.js serves them: the production build's public files in build/client/, or public/ in
 * development (`npm run dev`, and the unit tests). `npm start` runs from the project root.
 */
const PUBLIC_DIR = path.resolve(process.cwd(), import.meta.env.PROD ? "build/client" : "public");

export function loader({ request, context }: Route.LoaderArgs) {
  return imageResizerFor(context.config.dataDir, PUBLIC_DIR).handle(request);
}
