import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { NotFoundPanel } from "~/components/site/not-found-panel";
import { SITE_NAME } from "~/lib/site-navigation";
import { log } from "~/server/log.server";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  log.warn(`404 Not Found: ${pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found - ${SITE_NAME}` },
  // A result page may still quote the error page; say what it is rather than leave it blank.
  { name: "description", content: "This page does not exist. Browse our outdoor sauna reviews and buying guides instead." },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const { pathname } = useLocation();
  // SPEC §2: the bad path is logged to the console; after client-side navigation this is the only log.
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <main id="main" className="flex-1">
      <NotFoundPanel />
    </main>
  );
}
