import { renderToString } from "react-dom/server";
import { Links, Meta, Outlet, Scripts, ServerRouter, type EntryContext, type HandleErrorFunction, type ServerBuild } from "react-router";
import { handWrittenBuild } from "../support/server-build";

/**
 * The smallest server build React Router's own request handler serves: a root document with
 * React Router's <Links>, <Meta> and <Scripts>, a page marking its main picture, and a
 * `/__manifest` route. Written by hand, as `react-router build` writes one, so the ties of
 * app/server/framework/react-router-adapter.server.ts run against the installed React Router
 * without a build.
 */

export interface MinimalBuildOptions {
  rootLoader?: () => unknown;
  pageLoader?: () => unknown;
  pageAction?: () => unknown;
  manifestLoader?: () => unknown;
  /** Called with each document's context, before it is rendered. */
  onDocument?: (context: EntryContext) => void;
  handleError?: HandleErrorFunction;
}

function Root() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Page() {
  return <img src="/picture.webp" alt="" fetchPriority="high" />;
}

const flags = { hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false };

export function minimalBuild(options: MinimalBuildOptions = {}): ServerBuild {
  const routes = {
    root: { id: "root", path: "", module: { default: Root, ...(options.rootLoader ? { loader: options.rootLoader } : {}) } },
    "routes/page": {
      id: "routes/page",
      parentId: "root",
      path: "page",
      module: {
        default: Page,
        ...(options.pageLoader ? { loader: options.pageLoader } : {}),
        ...(options.pageAction ? { action: options.pageAction } : {}),
      },
    },
    "routes/manifest-moved": {
      id: "routes/manifest-moved",
      parentId: "root",
      path: "__manifest",
      module: options.manifestLoader ? { loader: options.manifestLoader } : {},
    },
  };
  const assetRoutes = Object.fromEntries(
    Object.values(routes).map((route) => [
      route.id,
      {
        id: route.id,
        parentId: "parentId" in route ? route.parentId : undefined,
        path: route.path,
        module: `/assets/${route.id.replace("/", "-")}.js`,
        imports: [`/assets/${route.id.replace("/", "-")}-chunk.js`],
        hasLoader: "loader" in route.module,
        hasAction: "action" in route.module,
        ...flags,
      },
    ]),
  );
  return handWrittenBuild({
    entry: {
      default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
        options.onDocument?.(context);
        headers.set("Content-Type", "text/html; charset=utf-8");
        return new Response(`<!DOCTYPE html>${renderToString(<ServerRouter context={context} url={request.url} />)}`, { status, headers });
      },
      ...(options.handleError ? { handleError: options.handleError } : {}),
    },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/framework.js"] },
      routes: assetRoutes,
      url: "/assets/manifest.js",
    },
  });
}
