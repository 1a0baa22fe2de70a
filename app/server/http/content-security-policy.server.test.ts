import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the Content-Security-Policy of a document", () => {
  it("hashes every inline script that runs, and nothing else", () => {
    const html = [
      "<html><head>",
      '<script type="application/ld+json">{"@type":"Product","name":"Sauna é"}</script>',
      '<link rel="modulepreload" href="/assets/entry.js"/>',
      "</head><body>",
      '<script>window.__reactRouterContext = {"x":"<\\/script>"};</script>',
      '<script type="module" async="">import "/assets/manifest.js";</script>',
      '<script src="/assets/app.js"></script>',
      '<script>window.__reactRouterContext = {"x":"<\\/script>"};</script>',
      '<script type="text/plain">not run</script>',
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__reactRouterContext = {"x":"<\\/script>"};'),
      sha('import "/assets/manifest.js";'),
    ]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
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
