import { ArrowRight, Check, ChevronDown, ChevronRight, Info, Loader2, SearchX } from "~/components/ui/icons";
import { useId, useState } from "react";
import { data, Link, useNavigation } from "react-router";
import { ProductGallery } from "~/components/product/product-gallery";
import { BuyBox, MobileBuyBar } from "~/components/product/product-purchase";
import { RatingStars } from "~/components/catalog/rating-stars";
import { AddToCompare } from "~/components/compare/add-to-compare";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  collectionsListingProduct,
  collectionThumbnailSrcSet,
  withFixedCollectionPages,
  collectionThumbnailUrl,
  toProductPageView,
  type AsSeenInCollection,
  type ProductPageView,
} from "~/lib/product-page";
import { isFixedCollectionSlug } from "~/lib/collection-rules";
import { categoryBreadcrumb, categoryCollectionSlug } from "~/lib/product-display";
import { SITE_NAME } from "~/lib/site-navigation";
import { socialCardMeta } from "~/lib/social-card";
import { breadcrumbList, HOME_STEP, productStructuredData, REVIEWS_STEP, structuredDataMeta } from "~/lib/structured-data";
import type { Product } from "~/lib/catalog";
import type { DB } from "~/server/db/connection.server";
import { catalogCache, PUBLIC_PAGE_CACHE_CONTROL } from "~/server/catalog/catalog-cache.server";
import { findRemovedProduct } from "~/server/admin/catalog-removal.server";
import { listCollectionIdsOfProduct } from "~/server/catalog/product-lists.server";
import { findCollectionBySlug } from "~/server/catalog/queries.server";
import { findProductByIdOrSlug } from "~/server/products/products.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/product";

/**
 * The product detail page (SPEC §2 "Product detail page"), served at /reviews/product/{id or slug}
 * and /product/{id or slug}. Every address keeps serving the page; the canonical link names
 * /reviews/product/{slug} (ARCHITECTURE D9).
 */

const NOT_FOUND_CACHE_CONTROL = "no-store";
/** A deleted product stays deleted: a CDN may keep the answer a while (a re-import is seen within the hour). */
const GONE_CACHE_CONTROL = "public, max-age=0, s-maxage=3600";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context;
  const idOrSlug = (params.productId ?? "").trim();
  let product: Product | undefined;
  try {
    product = idOrSlug === "" ? undefined : await findProductByIdOrSlug(db, idOrSlug);
  } catch (error) {
    // SPEC §8: a product load failure shows the 'Product Not Found' screen.
    log.error(`Product ${idOrSlug} could not be loaded: ${(error as Error)?.message ?? error}`);
    return data({ found: false as const, gone: null }, { status: 503, headers: { "Cache-Control": NOT_FOUND_CACHE_CONTROL } });
  }
  if (!product) {
    const removed = idOrSlug === "" ? undefined : await findRemovedProduct(db, idOrSlug).catch(() => undefined);
    if (removed) {
      // A product the admin deleted: 410 tells search engines to drop the address (ADR 0026).
      const categoryCollection = await storedCategoryCollection(db, removed.categoryId);
      const category = categoryBreadcrumb(removed.categoryId, (slug) => isFixedCollectionSlug(slug) || slug === categoryCollection);
      return data(
        { found: false as const, gone: { name: removed.name, category: category.href === "/reviews" ? null : category } },
        { status: 410, headers: { "Cache-Control": GONE_CACHE_CONTROL } },
      );
    }
    return data({ found: false as const, gone: null }, { status: 404, headers: { "Cache-Control": NOT_FOUND_CACHE_CONTROL } });
  }

  const [collectionOfCategory, asSeenInCollections] = await Promise.all([
    storedCategoryCollection(db, product.categoryId),
    asSeenIn(db, product),
  ]);
  const view = toProductPageView(product, {
    surveyFormUrl: config.surveyFormUrl,
    today: new Date().toISOString().slice(0, 10),
    asSeenIn: asSeenInCollections,
    hasCollectionPage: (slug) => isFixedCollectionSlug(slug) || slug === collectionOfCategory,
  });
  return {
    found: true as const,
    view,
    origin: config.baseUrl,
    productLd: productStructuredData(product, view, config.baseUrl),
    breadcrumbLd: breadcrumbList(
      [HOME_STEP, REVIEWS_STEP, { name: view.category.label, path: view.category.href }, { name: view.name, path: view.canonicalPath }],
      config.baseUrl,
    ),
  };
}

/**
 * The slug of the stored collection named by the product's category, if there is one, so the
 * breadcrumb links to it; a failure only sends the breadcrumb to the reviews index.
 */
async function storedCategoryCollection(db: DB, categoryId: string | null): Promise<string | null> {
  const slug = categoryCollectionSlug(categoryId);
  if (isFixedCollectionSlug(slug)) return null;
  try {
    return (await findCollectionBySlug(db, slug)) ? slug : null;
  } catch (error) {
    log.error(`The collection of category ${slug} could not be looked up: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/**
 * 'As Seen In' from the cached collections list and two small membership lookups: which
 * collections this product is a member of, and which collections have members at all. No
 * collection's product list is read. A failure here only hides the section.
 */
async function asSeenIn(db: DB, product: Product): Promise<AsSeenInCollection[]> {
  try {
    const cache = catalogCache(db);
    const [collections, collectionsWithMembers, memberOf] = await Promise.all([
      cache.collections(),
      cache.collectionIdsWithMembers(),
      listCollectionIdsOfProduct(db, product.id),
    ]);
    return collectionsListingProduct(product, withFixedCollectionPages(collections), { memberOf, collectionsWithMembers });
  } catch (error) {
    log.error(`'As Seen In' could not be computed for product ${product.id}: ${(error as Error)?.message ?? error}`);
    return [];
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? PUBLIC_PAGE_CACHE_CONTROL };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (loaderData && !loaderData.found && loaderData.gone) {
    return [
      { title: `${loaderData.gone.name} - No Longer Reviewed - ${SITE_NAME}` },
      { name: "description", content: `We no longer review the ${loaderData.gone.name}. See the outdoor saunas we review now.` },
      { name: "robots", content: "noindex" },
    ];
  }
  if (!loaderData?.found) {
    return [
      { title: `Product Not Found - ${SITE_NAME}` },
      { name: "description", content: "We have no review of this sauna. See the outdoor saunas we review." },
      { name: "robots", content: "noindex" },
    ];
  }
  const { view, origin } = loaderData;
  const title = `${view.name} Review - ${SITE_NAME}`;
  const canonical = `${origin}${view.canonicalPath}`;
  const description = view.summary;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { name: "robots", content: "index,follow" },
    ...socialCardMeta(
      { title: `${view.brand} ${view.name} Review`, description, url: canonical, image: view.images[0], type: "product" },
      origin,
    ),
    ...structuredDataMeta([loaderData.productLd, loaderData.breadcrumbLd]),
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loadingProduct =
    navigation.state === "loading" && /^\/(reviews\/)?product\/[^/]+\/?$/.test(navigation.location.pathname);

  return (
    <>
      {loadingProduct && <LoadingSpinner />}
      {loaderData.found ? (
        <ProductDetail view={loaderData.view} />
      ) : loaderData.gone ? (
        <ProductGone name={loaderData.gone.name} category={loaderData.gone.category} />
      ) : (
        <ProductNotFound />
      )}
    </>
  );
}

/** SPEC §2 "Loading: a spinner", shown while a client navigation loads a product. */
function LoadingSpinner() {
  return (
    <div
      role="status"
      className="fixed left-1/2 top-20 z-50 inline-flex -translate-x-1/2 items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm font-medium text-ink shadow-raised"
    >
      <Loader2 aria-hidden className="size-4 animate-spin text-brand" />
      Loading product…
    </div>
  );
}

/** The panel of a product page with no product to show: an icon, a title, a line, and ways on. */
function ProductMissing({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <main id="main" className="flex-1">
      <section className="page-container flex flex-col items-center py-24 text-center md:py-32">
        <span className="flex size-16 items-center justify-center rounded-full bg-sand text-brand" aria-hidden>
          <SearchX className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-semibold md:text-4xl">{title}</h1>
        <p className="mt-3 max-w-md text-ink-muted">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </section>
    </main>
  );
}

function ProductNotFound() {
  return (
    <ProductMissing title="Product Not Found" text="The requested product could not be found.">
      <ButtonLink to="/reviews">
        Browse All Reviews
        <ArrowRight aria-hidden className="size-4" />
      </ButtonLink>
    </ProductMissing>
  );
}

/** A product the admin deleted: say so plainly, and offer the closest page that still exists. */
function ProductGone({ name, category }: { name: string; category: { label: string; href: string } | null }) {
  return (
    <ProductMissing title="No Longer Reviewed" text={`We have removed the ${name} from our reviews.`}>
      {category && (
        <ButtonLink to={category.href}>
          See {category.label}
          <ArrowRight aria-hidden className="size-4" />
        </ButtonLink>
      )}
      <ButtonLink to="/reviews" variant={category ? "secondary" : "primary"}>
        Browse All Reviews
        {!category && <ArrowRight aria-hidden className="size-4" />}
      </ButtonLink>
    </ProductMissing>
  );
}

function ProductDetail({ view }: { view: ProductPageView }) {
  return (
    <main id="main" className="flex-1">
      <div className="page-container pb-8 pt-5 md:pb-20 md:pt-8">
        <Breadcrumb view={view} />
        <ProductHeader view={view} />

        <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_18rem] md:gap-8 lg:grid-cols-[minmax(0,1fr)_23rem] lg:gap-12">
          <div className="min-w-0 space-y-12">
            <ProductGallery
              productKey={String(view.id)}
              name={view.name}
              images={view.images}
              fallbackImage={view.fallbackImage}
            />
            {view.overview.length > 0 && (
              <section aria-labelledby="overview-heading">
                <h2 id="overview-heading" className="text-2xl font-semibold">
                  Overview
                </h2>
                <div className="mt-4 max-w-[70ch] space-y-4 text-[1.05rem] leading-relaxed text-ink/90">
                  {view.overview.map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </div>
              </section>
            )}
            {view.keyFeatures.length > 0 && (
              <section aria-labelledby="features-heading">
                <h2 id="features-heading" className="text-2xl font-semibold">
                  Key Features
                </h2>
                <ul className="mt-4 grid max-w-[70ch] list-disc gap-2 pl-5 text-[1.05rem] marker:text-brand sm:grid-cols-2 sm:gap-x-8">
                  {view.keyFeatures.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            )}
            {view.asSeenIn.length > 0 && <AsSeenIn collections={view.asSeenIn} />}
          </div>

          <aside aria-label="Buying details" className="space-y-6">
            <BuyBox purchase={view} className="hidden md:block" />
            <Specifications view={view} />
            <DetailsAccordion view={view} />
          </aside>
        </div>
      </div>
      <MobileBuyBar purchase={view} />
    </main>
  );
}

function Breadcrumb({ view }: { view: ProductPageView }) {
  const steps = [
    { label: "Home", href: "/" },
    { label: "Reviews", href: "/reviews" },
    { label: view.category.label, href: view.category.href },
  ];
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {steps.map((step) => (
          <li key={step.href} className="inline-flex items-center gap-1.5">
            <Link to={step.href} className="rounded-sm underline-offset-4 hover:text-brand hover:underline">
              {step.label}
            </Link>
            <ChevronRight aria-hidden className="size-3.5 text-ink-muted/60" />
          </li>
        ))}
        <li aria-current="page" className="min-w-0 font-medium text-ink">
          {view.name}
        </li>
      </ol>
    </nav>
  );
}

function ProductHeader({ view }: { view: ProductPageView }) {
  return (
    <header className="mt-5 max-w-4xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand">{view.brand}</p>
      <h1 className="mt-1.5 text-[2rem] font-semibold leading-tight tracking-tight md:text-[2.6rem]">{view.name}</h1>
      {view.tagline && <p className="mt-2 text-lg text-ink-muted">{view.tagline}</p>}
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-2" data-testid="product-rating">
          <RatingStars rating={view.rating} rounding="whole" size="lg" />
          <span className={cn("font-semibold", view.rating === null ? "text-ink-muted" : "text-ink")}>{view.ratingText}</span>
          {view.reviewCountText && <span className="text-ink-muted">({view.reviewCountText})</span>}
        </span>
        {view.isSample && <Badge variant="neutral">Sample</Badge>}
        <span aria-hidden className="hidden h-4 w-px bg-line sm:block" />
        <span className="text-ink-muted">
          <time dateTime={view.updatedAt}>{view.lastUpdatedText}</time>
        </span>
        <AddToCompare slug={view.slug} name={view.name} />
      </div>
      {view.isSample && (
        <p className="mt-4 flex items-start gap-2 rounded-card border border-line bg-sand/60 px-3.5 py-2.5 text-sm text-ink-muted">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          Sample listing: this product and its ratings are examples shipped with the site.
        </p>
      )}
    </header>
  );
}

function AsSeenIn({ collections }: { collections: AsSeenInCollection[] }) {
  return (
    <section aria-labelledby="as-seen-in-heading">
      <h2 id="as-seen-in-heading" className="text-2xl font-semibold">
        As Seen In
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4">
        {collections.map((collection) => (
          <li key={collection.slug}>
            <Link
              to={collection.href}
              className="group flex h-full items-center gap-3 rounded-card border border-line bg-surface p-2.5 pr-4 shadow-card transition hover:border-brand/40 hover:shadow-raised"
            >
              <span className="aspect-[16/9] w-24 shrink-0 overflow-hidden rounded-md bg-sand">
                {collection.image && (
                  <img
                    src={collectionThumbnailUrl(collection.image)}
                    srcSet={collectionThumbnailSrcSet(collection.image)}
                    sizes="96px"
                    alt=""
                    width={320}
                    height={180}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                )}
              </span>
              <span className="min-w-0 flex-1 font-semibold leading-snug text-ink group-hover:text-brand">{collection.title}</span>
              <ArrowRight aria-hidden className="size-4 shrink-0 text-ink-muted transition group-hover:translate-x-0.5 group-hover:text-brand" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Specifications({ view }: { view: ProductPageView }) {
  return (
    <section aria-labelledby="specs-heading" className="rounded-card border border-line bg-surface p-5 shadow-card lg:p-6">
      <h2 id="specs-heading" className="text-xl font-semibold">
        Specifications
      </h2>
      <dl className="mt-3 divide-y divide-line text-sm">
        {view.specifications.map((row) => (
          <div key={row.label} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2.5 md:grid-cols-1 md:gap-0.5 lg:grid-cols-[8.5rem_minmax(0,1fr)] lg:gap-3">
            <dt className="font-medium text-ink-muted">{row.label}</dt>
            <dd className={cn("break-words", row.missing ? "text-ink-muted" : "font-medium text-ink")}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type DetailsSection = "features" | "shipping" | "method";

/**
 * One section open at a time, Key Features first; a second click on the open one closes it. The
 * closed sections stay in the HTML, hidden, so their text is there for crawlers and no-JS readers.
 */
function DetailsAccordion({ view }: { view: ProductPageView }) {
  const [open, setOpen] = useState<DetailsSection | null>("features");
  const toggle = (value: DetailsSection) => setOpen((now) => (now === value ? null : value));
  const item = (value: DetailsSection) => ({ value, open: open === value, onToggle: () => toggle(value) });
  return (
    <div className="rounded-card border border-line bg-surface px-5 shadow-card lg:px-6">
      <DetailsItem {...item("features")} title="Key Features" contentClassName="pb-4 text-sm">
        {view.keyFeatures.length > 0 ? (
          <ul className="space-y-2.5">
            {view.keyFeatures.map((feature) => (
              <li key={feature} className="flex items-start gap-2.5">
                <span className="mt-0.5 flex size-4.5 shrink-0 items-center justify-center rounded-full bg-forest-soft text-forest">
                  <Check aria-hidden className="size-3" strokeWidth={3} />
                </span>
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">No features listed</p>
        )}
      </DetailsItem>
      <DetailsItem {...item("shipping")} title="Shipping & Delivery" contentClassName="space-y-2 pb-4 text-sm text-ink-muted">
        <p className="font-medium text-ink">{view.shipping}</p>
        <p>Delivery terms, lead times and prices are set by the seller and can change: confirm them before you order.</p>
      </DetailsItem>
      <DetailsItem {...item("method")} title="How We Test" contentClassName="pb-4 text-sm text-ink-muted" last>
        <ul className="list-disc space-y-1.5 pl-4">
          <li>We measure heat-up time and stability.</li>
          <li>We monitor energy use.</li>
          <li>Several testers of different body types assess comfort.</li>
          <li>We document and time the installation.</li>
        </ul>
      </DetailsItem>
    </div>
  );
}

function DetailsItem({
  value,
  open,
  onToggle,
  title,
  contentClassName,
  last = false,
  children,
}: {
  value: DetailsSection;
  open: boolean;
  onToggle: () => void;
  title: string;
  contentClassName: string;
  /** The box's own border closes the last item. */
  last?: boolean;
  children: React.ReactNode;
}) {
  const id = useId();
  const triggerId = `${id}-${value}-trigger`;
  const contentId = `${id}-${value}-content`;
  return (
    <div className={last ? undefined : "border-b border-line"}>
      <h3 className="m-0">
        <button
          type="button"
          id={triggerId}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 py-3.5 text-left font-sans text-[0.95rem] font-semibold text-ink hover:text-brand"
        >
          {title}
          <ChevronDown className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
        </button>
      </h3>
      <div role="region" id={contentId} aria-labelledby={triggerId} hidden={!open} className={contentClassName}>
        {children}
      </div>
    </div>
  );
}
