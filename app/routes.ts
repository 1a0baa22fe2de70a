import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The route table, written out. Unknown paths fall through to "*". */
export default [
  index("routes/home.tsx"),
  route("learn", "routes/learn/index.tsx"),
  route("learn/category/:category", "routes/learn/category.tsx"),
  route("learn/tag/:tag", "routes/learn/tag.tsx"),
  route("learn/author/:author", "routes/learn/author.tsx"),
  route("learn/:articleId", "routes/learn/article.tsx"),
  // The image route in its two spellings, one module (docs/decisions/0045): /img/320x240/images/a.webp,
  // what the pages link to, and /img?src=…&w=&h=, still served for URLs already out there.
  route("img", "routes/image.ts"),
  route("img/*", "routes/image.ts", { id: "image-path" }),
  // For load balancers and process managers (issue 12): process up; database and migrations ready.
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  // The web process's event-loop delay and the owner work waiting, for monitoring on the machine itself.
  route("metrics", "routes/metrics.ts"),
  // Search engines and feed readers (issue 14).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("learn/feed.xml", "routes/learn/feed.ts"),
  // Tabs opened before the route manifest was sent up front still ask here (docs/decisions/0047).
  route("__manifest", "routes/manifest-moved.ts"),
  route("compare", "routes/compare.tsx"),
  // Tracked shop links: the redirect itself is answered before React (docs/decisions/0028); this
  // route only renders the 404 of a link that leads nowhere.
  route("go/:slug", "routes/go.tsx"),
  // A shop's own link from the where-to-buy table (docs/decisions/0058): the same 404 when it leads nowhere.
  route("go/:slug/:merchant", "routes/go.tsx", { id: "go-merchant" }),
  route("newsletter", "routes/newsletter/subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),
  // Price-drop alerts (docs/decisions/0062): the product page's form posts here, so the page stays cacheable.
  route("alerts", "routes/alerts/subscribe.tsx"),
  route("alerts/confirm", "routes/alerts/confirm.tsx"),
  route("alerts/unsubscribe", "routes/alerts/unsubscribe.tsx"),
  // The owner's weekly digest: its one-click unsubscribe (app/server/admin/today/digest-list.server.ts).
  route("digest/unsubscribe", "routes/digest/unsubscribe.tsx"),
  route("reviews/product/:productId", "routes/product.tsx", { id: "product-under-reviews" }),
  route("product/:productId", "routes/product.tsx", { id: "product" }),
  // The table of every sauna: before reviews/:listId, which would take "table" for a list's id.
  route("reviews/table", "routes/sauna-table.tsx"),
  route("reviews/:listId", "routes/collection.tsx"),
  route("reviews", "routes/reviews-index.tsx"),
  // Accounts and the admin area (issue 5). Every admin route is a child of the admin layout, whose
  // middleware checks the role before any of their loaders and actions runs (docs/decisions/0119):
  // a route under /admin added outside it would be unguarded (admin-middleware.server.test.ts).
  route("auth", "routes/auth.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("auth/forgot", "routes/auth-forgot.tsx"),
  route("auth/reset", "routes/auth-reset.tsx"),
  route("api/auth/*", "routes/api-auth.ts"),
  route("storage/product-images/:name", "routes/storage-file.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    // What needs the owner, most money first (admins only).
    route("today", "routes/admin/today.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/products-new.tsx"),
    // The product-images bucket: its status, its check and the picture upload (the products page posts here).
    route("products/images", "routes/admin/product-images.tsx"),
    route("products/import", "routes/admin/products-import.ts"),
    route("products/import/preview", "routes/admin/products-import-preview.ts"),
    route("products/export.csv", "routes/admin/products-export.ts"),
    // Every save of a product, and of its review, kept: the list, a diff, restore (docs/decisions/0103).
    route("products/:productId/revisions", "routes/admin/product-revisions.tsx"),
    // Products' reviews (docs/decisions/0077): open to editors as well as admins.
    route("reviews", "routes/admin/reviews.tsx"),
    route("reviews/:productId", "routes/admin/review.tsx"),
    route("reviews/:productId/revisions", "routes/admin/product-revisions.tsx", { id: "review-revisions" }),
    route("collections", "routes/admin/collections.tsx"),
    route("collections/import", "routes/admin/collections-import.ts"),
    route("collections/import/preview", "routes/admin/collections-import-preview.ts"),
    route("collections/export.csv", "routes/admin/collections-export.ts"),
    route("collections/:collectionId/picks", "routes/admin/collection-picks.tsx"),
    // Shops and their offers (docs/decisions/0059): the merchants list and the offers CSV.
    route("merchants", "routes/admin/merchants.tsx"),
    route("offers", "routes/admin/offers.tsx"),
    route("offers/import", "routes/admin/offers-import.ts"),
    route("offers/import/preview", "routes/admin/offers-import-preview.ts"),
    route("offers/export.csv", "routes/admin/offers-export.ts"),
    // Merchant feeds (docs/decisions/0064): the feeds, their form and mapping; a run's preview, diff and save.
    route("feeds", "routes/admin/feeds.tsx"),
    route("feeds/:feedId/runs/:runId", "routes/admin/feed-run.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("features", "routes/admin/features.tsx"),
    route("remove", "routes/admin/remove.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("subscribers/export", "routes/admin/subscribers-export.ts"),
    // Link health (docs/decisions/0030-link-health.md): every shop link checked; the page polls the progress while a run goes on.
    route("links", "routes/admin/links.tsx"),
    route("links/progress", "routes/admin/links-progress.ts"),
    route("clicks", "routes/admin/clicks.tsx"),
    route("clicks/export", "routes/admin/clicks-export.ts"),
    route("revenue", "routes/admin/revenue.tsx"),
    route("revenue/export", "routes/admin/revenue-export.ts"),
    // A/B tests of the buy button (docs/decisions/0111).
    route("ab-tests", "routes/admin/ab-tests.tsx"),
    route("ab-tests/:testId", "routes/admin/ab-test.tsx"),
    // Who did what in the admin area (docs/decisions/0056).
    // The Knowledge Center's articles and their authors (docs/decisions/0078).
    route("articles", "routes/admin/articles.tsx"),
    route("articles/preview", "routes/admin/articles-preview.ts"),
    route("articles/images", "routes/admin/articles-images.ts"),
    route("articles/import", "routes/admin/articles-import.ts"),
    route("articles/export", "routes/admin/articles-export.ts"),
    route("articles/:articleId", "routes/admin/article-edit.tsx"),
    route("articles/:articleId/revisions", "routes/admin/article-revisions.tsx"),
    route("authors", "routes/admin/authors.tsx"),
    // What the tests measure and how (docs/decisions/0109).
    route("measurements", "routes/admin/measurements.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    // Owner work in the background worker (docs/decisions/0098): every run, its progress and Cancel.
    route("runs", "routes/admin/runs.tsx"),
    route("runs/:runId", "routes/admin/run.tsx"),
    route("runs/:runId/progress", "routes/admin/run-progress.ts"),
    // The mail outbox: what was sent, what waits, what failed (docs/decisions/0101).
    route("mail", "routes/admin/mail.tsx"),
    route("audit/export.csv", "routes/admin/audit-export.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
