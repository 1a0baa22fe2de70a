import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { gone, notFound, unavailable } from "~/server/pages/page-errors.server";
import { loadPageErrorScreens, PageErrorBoundary } from "./page-error-boundary";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * Every public screen's 404 and 503 (or the failure status it has always answered), thrown the
 * way its loader throws it and rendered by the one boundary through a real router, as on the
 * server: the status, the headers, the meta tags and the words on the page.
 */

interface Case {
  screen: string;
  path: string;
  throws: () => never;
  status: number;
  cacheControl: string | null;
  title: string | null;
  text: string[];
}

/** What the database-outage wrapper throws for any page that lets the failure through. */
const outage = () => {
  throw data("The site is temporarily unavailable. Please try again in a moment.", {
    status: 503,
    headers: { "Cache-Control": CACHE_CONTROL.noStore, "Retry-After": "5" },
  });
};
const SITE_UNAVAILABLE = ["Temporarily unavailable", "The site cannot reach its data right now. Please try again in a moment."];
const PAGE_NOT_FOUND = ["404 - Oops! Page not found", "The page you asked for isn&#x27;t here.", "Return to Home"];

/** Screens with no not-found of their own: an unknown address below them is the catch-all's. */
const generalScreens = ["/", "/reviews", "/reviews?q=barrel", "/compare", "/learn", "/learn/category/x", "/newsletter"];

const cases: Case[] = [
  ...generalScreens.flatMap((path): Case[] => [
    {
      screen: `${path} (404)`,
      path,
      throws: () => notFound({ screen: "page", kind: "not-found" }),
      status: 404,
      cacheControl: null,
      title: "Page not found - Sauna Reviews",
      text: PAGE_NOT_FOUND,
    },
    { screen: `${path} (503)`, path, throws: outage, status: 503, cacheControl: "no-store", title: null, text: SITE_UNAVAILABLE },
  ]),
  {
    screen: "catch-all 404",
    path: "/no/such/page",
    throws: () => notFound({ screen: "page", kind: "not-found" }),
    status: 404,
    cacheControl: null,
    title: "Page not found - Sauna Reviews",
    text: PAGE_NOT_FOUND,
  },
  {
    screen: "a bare 404",
    path: "/somewhere",
    throws: () => {
      throw data(null, { status: 404 });
    },
    status: 404,
    cacheControl: null,
    title: "Page not found - Sauna Reviews",
    text: PAGE_NOT_FOUND,
  },
  {
    screen: "product 404",
    path: "/reviews/product/nope",
    throws: () => notFound({ screen: "product", kind: "not-found" }, { "Cache-Control": CACHE_CONTROL.noStore }),
    status: 404,
    cacheControl: "no-store",
    title: "Product Not Found - Sauna Reviews",
    text: ["Product Not Found", "The requested product could not be found.", "Browse All Reviews"],
  },
  {
    screen: "product 410",
    path: "/reviews/product/old",
    throws: () =>
      gone({ screen: "product", kind: "gone", name: "Old Barrel", category: { label: "Barrel Saunas", href: "/reviews/barrel-saunas" } }),
    status: 410,
    cacheControl: "public, max-age=0, s-maxage=3600",
    title: "Old Barrel - No Longer Reviewed - Sauna Reviews",
    text: ["No Longer Reviewed", "We have removed the Old Barrel from our reviews.", "See Barrel Saunas", "Browse All Reviews"],
  },
  {
    screen: "product 503",
    path: "/reviews/product/any",
    throws: () => unavailable({ screen: "product", kind: "unavailable" }),
    status: 503,
    cacheControl: "no-store",
    title: "Product Not Found - Sauna Reviews",
    text: ["Product Not Found", "The requested product could not be found."],
  },
  {
    screen: "collection 404",
    path: "/reviews/nope",
    throws: () => notFound({ screen: "collection", kind: "not-found", listId: "nope" }),
    status: 404,
    cacheControl: null,
    title: "Collection Not Found - Sauna Reviews",
    text: [
      "Collection Not Found",
      "The &quot;nope&quot; sauna collection could not be found or has no products available.",
      "Browse All Saunas",
    ],
  },
  {
    screen: "collection failure (500)",
    path: "/reviews/barrel-saunas",
    throws: () =>
      unavailable(
        { screen: "collection", kind: "unavailable", listId: "barrel-saunas", title: "Barrel Saunas", message: "it broke." },
        { status: 500, headers: {} },
      ),
    status: 500,
    cacheControl: null,
    title: "Error loading products - Sauna Reviews",
    text: ["Barrel Saunas", "Error loading products: it broke."],
  },
  {
    screen: "article 404",
    path: "/learn/nope",
    throws: () => notFound({ screen: "article", kind: "not-found" }),
    status: 404,
    cacheControl: null,
    title: "Article Not Found - Sauna Knowledge Center",
    text: ["Article Not Found", "The article you&#x27;re looking for doesn&#x27;t exist or has been moved.", "Return to Knowledge Center"],
  },
  {
    screen: "learn tag 404",
    path: "/learn/tag/nope",
    throws: () => notFound({ screen: "learn-tag", kind: "not-found" }),
    status: 404,
    cacheControl: null,
    title: "Tag Not Found - Sauna Knowledge Center",
    text: ["Tag Not Found", "No article carries this tag.", "Return to Knowledge Center"],
  },
  {
    screen: "go 404, no product",
    path: "/go/nope",
    throws: () =>
      notFound(
        { screen: "go", kind: "not-found", product: null },
        { "Cache-Control": CACHE_CONTROL.noStore, "X-Robots-Tag": "noindex, nofollow" },
      ),
    status: 404,
    cacheControl: "no-store",
    title: "Shop link not available - Sauna Reviews",
    text: ["This shop link doesn&#x27;t lead anywhere", "Browse All Saunas"],
  },
  {
    screen: "go 404, no shop link",
    path: "/go/kota",
    throws: () => notFound({ screen: "go", kind: "not-found", product: { name: "Kota", href: "/reviews/product/kota" } }),
    status: 404,
    cacheControl: null,
    title: "Shop link not available - Sauna Reviews",
    text: ["No shop link for Kota yet", "Read the Kota review", 'href="/reviews/product/kota"'],
  },
  ...["/reviews/product/x", "/reviews/x", "/learn/x", "/learn/tag/x", "/go/x"].map((path): Case => ({
    screen: `${path} (outage 503)`,
    path,
    throws: outage,
    status: 503,
    cacheControl: "no-store",
    title: null,
    text: SITE_UNAVAILABLE,
  })),
];

async function render(test: Pick<Case, "path" | "throws">) {
  const routes = [
    {
      id: "root",
      children: [{ id: "screen", path: "*", loader: test.throws, Component: () => <p>page</p>, ErrorBoundary: PageErrorBoundary }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${test.path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const error = context.errors?.screen;
  return { html, status: context.statusCode, headers: context.loaderHeaders.screen, error };
}

describe("PageErrorBoundary", () => {
  // As the server does before rendering a page that shows an error (entry.server.tsx).
  beforeAll(() => loadPageErrorScreens());

  it.each(cases)("renders $screen", async (test) => {
    const { html, status, headers, error } = await render(test);
    expect(status).toBe(test.status);
    expect(headers?.get("Cache-Control") ?? null).toBe(test.cacheControl);
    for (const text of test.text) expect(html).toContain(text);
    expect(html).not.toContain("<p>page</p>");
    expect(html).not.toContain("Something went wrong");

    const meta = pageErrorMeta(error);
    if (test.title === null) {
      expect(meta).toEqual([]);
    } else {
      expect(meta).toContainEqual({ title: test.title });
      expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    }
  });

  it("keeps the go page's X-Robots-Tag", async () => {
    const { headers } = await render(cases.find((test) => test.screen === "go 404, no product")!);
    expect(headers?.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("words anything else as an unexpected failure", async () => {
    const { html, status } = await render({
      path: "/reviews",
      throws: () => {
        throw new Error("boom");
      },
    });
    expect(status).toBe(500);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Sorry, this page could not be shown.");
  });
});
