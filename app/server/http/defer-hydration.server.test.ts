import { describe, expect, it } from "vitest";
import { scriptHash } from "./content-security-policy.server";
import { DEFERRED_SCRIPT_TYPE, HYDRATION_DEADLINE_MS, HYDRATION_STARTER, deferHydration } from "./defer-hydration.server";

// The route manifest comes first: the whole of it, as a file (docs/decisions/0047).
const BOOTSTRAP =
  'import "/assets/manifest-1a2b3c4d.js";\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");';

/** A document shaped as React Router writes it: preloads in the head, the module bootstrap at the end of the body. */
function documentWith(picture: string): string {
  return [
    "<!DOCTYPE html><html><head>",
    '<link rel="modulepreload" href="/assets/manifest-1a2b3c4d.js"/>',
    '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>',
    '<link rel="stylesheet" href="/assets/root.css"/>',
    "</head><body><main>",
    picture,
    "</main>",
    '<script>window.__reactRouterContext = {"basename":"/"};</script>',
    `<script type="module" async="">${BOOTSTRAP}</script>`,
    "</body></html>",
  ].join("");
}

describe("hydration after the page is painted", () => {
  const html = documentWith('<img src="/img/720/images/a.webp" fetchPriority="high" alt="A sauna"/>');
  const rewritten = deferHydration(html);

  it("takes the modulepreload links out and keeps their addresses, in order, for later", () => {
    expect(rewritten).not.toContain('<link rel="modulepreload"');
    expect(rewritten).toContain(`data-preload="/assets/manifest-1a2b3c4d.js /assets/entry.client.js /assets/root.js"`);
    expect(rewritten).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it("keeps the bootstrap's exact text in an inert data block, followed by the script that starts it", () => {
    expect(rewritten).not.toContain('<script type="module"');
    const inert = new RegExp(
      `<script type="${DEFERRED_SCRIPT_TYPE}" id="hydrate-module" data-preload="[^"]*">([\\s\\S]*?)</script><script>`,
    ).exec(rewritten);
    expect(inert?.[1]).toBe(BOOTSTRAP);
    // The starter waits for the picture, for the reader, and for the deadline.
    expect(rewritten).toContain("p.decode().then(painted,painted)");
    expect(rewritten).toContain(`setTimeout(go,${HYDRATION_DEADLINE_MS})`);
    // Everything else is untouched.
    expect(rewritten).toContain('<script>window.__reactRouterContext = {"basename":"/"};</script>');
  });

  it("runs nothing but the bootstrap's text (already allowed as the server's) and the starter", () => {
    const inline = [...rewritten.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => ({ attributes, text }));
    expect(inline.map(({ text }) => text)).toEqual(['window.__reactRouterContext = {"basename":"/"};', BOOTSTRAP, HYDRATION_STARTER]);
    expect(inline[1]!.attributes).toContain(`type="${DEFERRED_SCRIPT_TYPE}"`);
    expect(scriptHash(HYDRATION_STARTER)).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it("defers a document without a high-priority picture too, until its first frame", () => {
    const plain = documentWith('<img src="/img/720/images/a.webp" loading="lazy" alt="A sauna"/>');
    const deferred = deferHydration(plain);
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).toContain(`<script type="${DEFERRED_SCRIPT_TYPE}" id="hydrate-module"`);
    // The starter finds no picture and starts after the next frame, or on the reader's first input.
    expect(HYDRATION_STARTER).toContain("if(!p){requestAnimationFrame(function(){setTimeout(go,0)});return}");
    expect(HYDRATION_STARTER.indexOf("ev.forEach(function(e){addEventListener(e,go,true)})")).toBeLessThan(
      HYDRATION_STARTER.indexOf("if(!p)"),
    );
  });

  it("leaves a document without React Router's bootstrap as it was", () => {
    expect(deferHydration("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });

  it("does not read a replacement pattern in the bootstrap's text", () => {
    const tricky = documentWith('<img fetchPriority="high" src="/a.webp"/>').replace(BOOTSTRAP, () => 'console.log("$&$1");');
    expect(deferHydration(tricky)).toContain('console.log("$&$1");');
  });
});
