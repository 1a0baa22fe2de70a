import type { ServerBuild } from "react-router";

/**
 * A server build written by hand, as `react-router build` writes one, for tests that run React
 * Router's own request handler without a build: the given entry module, routes and asset
 * manifest, with the settings of this site (server rendering, the whole route manifest up front).
 */
export function handWrittenBuild(parts: {
  entry: Record<string, unknown>;
  routes: Record<string, unknown>;
  assets: { entry: { module: string; imports: string[] }; routes: Record<string, unknown>; url: string };
  /** React Router's future flags: none unless given (`v8_middleware` to run the routes' middleware). */
  future?: Record<string, boolean>;
}): ServerBuild {
  return {
    entry: { module: parts.entry },
    routes: parts.routes,
    assets: { ...parts.assets, version: "test" },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: parts.future ?? {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
