import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The places where the site leans on how React Router, Vite or Node work inside rather than on
 * their documented API, each checked here against the installed versions. When an upgrade
 * changes one, this file fails and its message names the module to revisit, instead of the
 * site breaking somewhere else in a way nobody connects to the upgrade.
 *
 * The document rewrite that defers hydration (app/server/http/hydrate-after-picture.server.ts)
 * is checked on the real production build by tests/e2e/home.spec.ts.
 */

const root = path.resolve(import.meta.dirname, "../..");

describe("framework ties", () => {
  it("react-router still ships the production builds vite.config.ts aliases the browser bundle to", () => {
    for (const file of ["dist/production/index.mjs", "dist/production/dom-export.mjs"]) {
      const full = path.join(root, "node_modules/react-router", file);
      expect(existsSync(full), `vite.config.ts (reactRouterProduction) points at node_modules/react-router/${file}, which is gone`).toBe(
        true,
      );
    }
  });

  it("react-router is the version whose internals the ties were written against", () => {
    const { version } = JSON.parse(readFileSync(path.join(root, "node_modules/react-router/package.json"), "utf8")) as { version: string };
    // Pinned exactly in package.json: the ties below are re-read on every upgrade, this test first.
    expect(
      version,
      "react-router was upgraded: re-check vite.config.ts (production alias), app/routes/manifest-moved.ts (/__manifest), " +
        "app/server/http/hydrate-after-picture.server.ts (document shape) and the page cache's data URLs (/_root.data)",
    ).toBe("7.18.4");
  });

  it("net.Server's close stops accepting but leaves an idle keep-alive connection open (server.js's graceful stop)", async () => {
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
    net.Server.prototype.close.call(server);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedByServer, "server.js (stop): net.Server.prototype.close now closes idle connections").toBe(false);
    agent.destroy();
    server.closeAllConnections();
  });
});
