import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { createRequestHandler, data } from "react-router";
import { describe, expect, it } from "vitest";
import {
  answeredStatus,
  DATA_ROUTES_PARAM,
  documentHasErrors,
  isCrossSiteRefusal,
  MANIFEST_PATH,
  MODULE_BOOTSTRAP,
  MODULE_PRELOAD,
  pagePathOfDataRequest,
  REACT_ROUTER_PRODUCTION_FILES,
  reloadDocumentResponse,
  wrapRouteHandlers,
} from "~/server/framework/react-router-adapter.server";
import { deferHydration } from "~/server/http/defer-hydration.server";
// @ts-expect-error: plain JavaScript beside server.js, without types.
import { stopAccepting } from "../../server-stop.js";
import { minimalBuild } from "./minimal-build";

/**
 * The places where the site leans on how React Router, Vite or Node work inside rather than on
 * their documented API (docs/decisions/0081), each checked here against the installed versions.
 * React Router's live in app/server/framework/react-router-adapter.server.ts, Node's in
 * server-stop.js. When an upgrade changes one, this file fails and its message names the module
 * and the tie to revisit, instead of the site breaking somewhere else in a way nobody connects to
 * the upgrade. Most run React Router's own request handler on a hand-written build
 * (minimal-build.tsx); the real production build's document is also checked by tests/e2e/home.spec.ts.
 */

const root = path.resolve(import.meta.dirname, "../..");
const ADAPTER = "app/server/framework/react-router-adapter.server.ts";
const ORIGIN = "https://saunas.example";

const serve = (build: ReturnType<typeof minimalBuild>, target: string, init?: RequestInit) =>
  createRequestHandler(build, "production")(new Request(`${ORIGIN}${target}`, init), {} as never);

/** Every file of react-router's builds, as text, to look for what its client does. */
function reactRouterSource(flavour: "production" | "development"): string {
  const dir = path.join(root, "node_modules/react-router/dist", flavour);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .join("\n");
}

describe("framework ties", () => {
  it("react-router is the version whose internals the ties were written against", () => {
    const { version } = JSON.parse(readFileSync(path.join(root, "node_modules/react-router/package.json"), "utf8")) as { version: string };
    // Pinned exactly in package.json: the ties below are re-read on every upgrade, this test first.
    expect(version, `react-router was upgraded: re-read ${ADAPTER} (every tie is listed there) and docs/decisions/0081`).toBe("7.18.4");
  });

  it("react-router still ships the production builds the browser bundle is aliased to, and still has no condition that picks them", () => {
    for (const file of Object.values(REACT_ROUTER_PRODUCTION_FILES)) {
      expect(existsSync(path.join(root, file)), `${ADAPTER} (REACT_ROUTER_PRODUCTION_FILES) points at ${file}, which is gone`).toBe(true);
    }
    const exports = JSON.stringify(JSON.parse(readFileSync(path.join(root, "node_modules/react-router/package.json"), "utf8")).exports);
    expect(
      exports.includes('"production"'),
      `react-router's package exports now have a "production" condition: drop the alias of ${ADAPTER} (reactRouterProductionAliases) for resolve.conditions in vite.config.ts`,
    ).toBe(false);
  });

  it("React Router's document has the module preloads and the one bootstrap script hydration-after-the-picture moves", async () => {
    const html = await (await serve(minimalBuild(), "/page")).text();
    const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
    expect(preloads, `${ADAPTER} (MODULE_PRELOAD): React Router no longer writes <link rel="modulepreload" href="…"/>`).toEqual(
      expect.arrayContaining(["/assets/entry.client.js", "/assets/routes-page-chunk.js"]),
    );
    const bootstrap = MODULE_BOOTSTRAP.exec(html);
    expect(
      bootstrap?.[1],
      `${ADAPTER} (MODULE_BOOTSTRAP): React Router's bootstrap is no longer <script type="module" async="">`,
    ).toContain("/assets/entry.client.js");
    expect(html.match(/<script type="module"/g), `${ADAPTER} (MODULE_BOOTSTRAP): more than one inline module script`).toHaveLength(1);
    const deferred = deferHydration(html);
    expect(deferred).toContain('<script type="text/x-hydrate"');
    expect(deferred).not.toMatch(MODULE_PRELOAD);
  });

  it("React Router calls the loaders and actions of the build it is given, so a rewrapped build is what it serves", async () => {
    const calls: string[] = [];
    const build = wrapRouteHandlers(
      minimalBuild({ pageLoader: () => ({ from: "loader" }), pageAction: () => ({ from: "action" }) }),
      (handler, kind, routeId) =>
        async (...args: unknown[]) => {
          calls.push(`${kind} ${routeId}`);
          return handler(...args);
        },
    );
    expect((await serve(build, "/page")).status).toBe(200);
    expect((await serve(build, `/page.data?${DATA_ROUTES_PARAM}=routes/page`)).status).toBe(200);
    const posted = await serve(build, "/page.data", { method: "POST", body: new URLSearchParams({ a: "1" }), headers: { Origin: ORIGIN } });
    expect(posted.status).toBe(200);
    expect(calls, `${ADAPTER} (wrapRouteHandlers): React Router no longer calls build.routes[id].module.loader/action`).toEqual([
      "loader routes/page",
      "loader routes/page",
      "action routes/page",
    ]);
  });

  it("a thrown data() still carries its status where answeredStatus reads it", async () => {
    let thrown: unknown;
    try {
      throw data("no", { status: 418 });
    } catch (error) {
      thrown = error;
    }
    expect(answeredStatus(thrown, true), `${ADAPTER} (answeredStatus): data() is no longer { type: "DataWithResponseInit", init }`).toBe(
      418,
    );
    expect(answeredStatus(new Response(null, { status: 302 }), false)).toBe(302);
  });

  it("a data request is its page's path plus .data (the root's /_root.data), naming its routes in _routes", async () => {
    let rootLoads = 0;
    const build = minimalBuild({ rootLoader: () => ({ rootLoads: ++rootLoads }), pageLoader: () => ({ page: true }) });
    const rootData = await serve(build, `/_root.data?${DATA_ROUTES_PARAM}=root`);
    expect(rootData.status, `${ADAPTER} (pagePathOfDataRequest): /_root.data is no longer the root's data URL`).toBe(200);
    expect(rootLoads).toBe(1);
    // Only the routes _routes names are loaded.
    await serve(build, `/page.data?${DATA_ROUTES_PARAM}=routes/page`);
    expect(rootLoads, `${ADAPTER} (DATA_ROUTES_PARAM): React Router no longer reads _routes`).toBe(1);
    const client = reactRouterSource("production");
    expect(client, `${ADAPTER}: React Router's client no longer asks /_root.data`).toContain("_root.${extension}");
    expect(client, `${ADAPTER}: React Router's client no longer names its routes in _routes`).toContain('"_routes"');
    expect(pagePathOfDataRequest("/_root.data")).toBe("/");
    expect(pagePathOfDataRequest("/admin/users.data")).toBe("/admin/users");
  });

  it("in 'initial' route discovery React Router leaves /__manifest to the route table, and its client still reloads on the answer we give", async () => {
    const build = minimalBuild({ manifestLoader: () => reloadDocumentResponse() });
    const answer = await serve(build, `${MANIFEST_PATH}?p=/page&version=old`);
    expect(
      answer.status,
      `${ADAPTER} (MANIFEST_PATH): React Router answers /__manifest itself now; app/routes/manifest-moved.ts can go`,
    ).toBe(204);
    expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(
      reactRouterSource("production"),
      `${ADAPTER} (reloadDocumentResponse): React Router's client no longer reloads the document on a 204 with X-Remix-Reload-Document`,
    ).toMatch(/status === 204 && \w+\.headers\.has\("X-Remix-Reload-Document"\)/);
  });

  it("React Router's cross-site refusal reaches handleError in the words isCrossSiteRefusal knows", async () => {
    const seen: unknown[] = [];
    const build = minimalBuild({ pageAction: () => ({ done: true }), handleError: (error) => void seen.push(error) });
    const refused = await serve(build, "/page", {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
      headers: { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some(isCrossSiteRefusal), `${ADAPTER} (isCrossSiteRefusal): React Router words its cross-site refusal otherwise`).toBe(
      true,
    );
  });

  it("the entry's context says when a document shows an error", async () => {
    const shown: boolean[] = [];
    const build = minimalBuild({
      pageLoader: () => {
        throw data("gone", { status: 404 });
      },
      onDocument: (context) => shown.push(documentHasErrors(context)),
    });
    expect((await serve(build, "/page")).status).toBe(404);
    await serve(minimalBuild({ onDocument: (context) => shown.push(documentHasErrors(context)) }), "/page");
    expect(shown, `${ADAPTER} (documentHasErrors): EntryContext.staticHandlerContext.errors moved`).toEqual([true, false]);
  });

  it("stopAccepting stops accepting but leaves an idle keep-alive connection open (server.js's graceful stop)", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", agent }, (res) => {
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
    const socket = Object.values(agent.freeSockets)[0]?.[0];
    expect(socket, "no idle keep-alive socket to watch").toBeDefined();
    let closedByServer = false;
    socket!.on("close", () => (closedByServer = true));
    // server.js stops this way so that a connection accepted a moment ago is not reset; http's own
    // close() would drop idle connections. If Node changes either, server.js's stop() must change.
    stopAccepting(server);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedByServer, "server-stop.js (stopAccepting): net.Server.prototype.close now closes idle connections").toBe(false);
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect({ port, host: "127.0.0.1" });
      probe.on("connect", () => (probe.destroy(), resolve(false)));
      probe.on("error", () => resolve(true));
    });
    expect(refused, "server-stop.js (stopAccepting): the server still accepts connections").toBe(true);
    agent.destroy();
    server.closeAllConnections();
  });
});
