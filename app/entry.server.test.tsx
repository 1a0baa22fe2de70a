import { requestContext } from "./server/load-context";
import {
  createRequestHandler,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  useLoaderData,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handWrittenBuild } from "../tests/support/server-build";
import { ArticleBody } from "./components/learn/article-body";
import handleRequest, { handleError } from "./entry.server";
import { scriptHash } from "./server/http/content-security-policy.server";
import { setLogLevel } from "./server/log.server";

/** The error log stays for our faults: a client's mistakes are answered, not logged. */
describe("handleError", () => {
  afterEach(() => vi.restoreAllMocks());

  function logged(error: unknown, request = new Request("http://site.test/auth", { method: "POST" })): string {
    setLogLevel("info");
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    handleError(error, { request, params: {}, context: {} as never });
    return written.join("");
  }

  it("does not log 4xx error responses or React Router's cross-site refusal", () => {
    expect(logged(new ErrorResponseImpl(405, "Method Not Allowed", null))).toBe("");
    expect(logged(new ErrorResponseImpl(400, "Bad Request", null))).toBe("");
    expect(logged(new ErrorResponseImpl(500, "Internal Server Error", null))).toBe("[error] 500 Internal Server Error\n");
    expect(
      logged(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.")),
    ).toBe("");
  });

  it("logs everything else, with its stack", () => {
    const text = logged(new Error("the database went away"));
    expect(text).toContain("[error] Error: the database went away");
    expect(text).toContain("entry.server.test.tsx");
  });
});

/**
 * The policy through the real path: React Router renders a document (its hydration data, module
 * bootstrap and scroll restorer) whose article body holds scripts that got past the sanitizer;
 * the header allows every script the server wrote and none of those.
 */
describe("the document's Content-Security-Policy", () => {
  const INJECTED = ["window.__stolen = document.cookie;", "import('/evil.js');"];
  const articleHtml = `<p>Warm.</p><script>${INJECTED[0]}</script><p>Dry.</p><script type="module">${INJECTED[1]}</script>`;

  function Document() {
    const { html } = useLoaderData<{ html: string }>();
    return (
      <html lang="en">
        <head>
          <Meta />
          <Links />
        </head>
        <body>
          <main>
            <ArticleBody html={html} />
          </main>
          <ScrollRestoration />
          <Scripts />
        </body>
      </html>
    );
  }

  const build = handWrittenBuild({
    entry: { default: handleRequest, handleError },
    routes: {
      root: { id: "root", path: "", module: { default: Document, loader: () => ({ html: articleHtml }) } },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: { root: { id: "root", path: "", module: "/assets/root.js", hasAction: false, hasLoader: true } },
      url: "/assets/manifest.js",
    },
  });

  it("allows by hash every inline script the server wrote, and not one that came with the article", async () => {
    const response = await createRequestHandler(build)(
      new Request("http://site.test/"),
      requestContext({ config: { baseUrl: "http://site.test" } } as never),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1]?.split(" ") ?? [];
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\ssrc=|application\/ld\+json/.test(attributes!))
      .map(([, , text]) => text!);
    // The article's scripts are in the page (this test's sanitizer let them through) ...
    expect(inline).toEqual(expect.arrayContaining(INJECTED));
    // ... and React Router's: its context, the module bootstrap and the scroll restorer.
    const written = inline.filter((text) => !INJECTED.includes(text));
    expect(written.length).toBeGreaterThanOrEqual(3);
    for (const text of written) expect(scriptSrc).toContain(scriptHash(text));
    for (const text of INJECTED) expect(scriptSrc).not.toContain(scriptHash(text));
    expect(scriptSrc).toHaveLength(1 + new Set(written).size);
    expect(html).not.toContain("nonce");
  });
});
