import { CalendarDays, RefreshCw } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import type { CollectionHeader } from "~/lib/collection/collection-page-defaults";
import { formatLongUsDate } from "~/lib/text/dates";
import { categoryFallbackImage } from "~/lib/images/image-source";
import { IMAGE_RENDITIONS } from "~/lib/images/image-renditions";
import { responsiveImage, withRefreshToken } from "~/lib/images/image-url";
import { BackToReviewsLink } from "./back-to-reviews-link";
import { MAIN_PICTURE } from "~/lib/site/main-picture";

/** The hero is a 1600x600 cover crop at quality 85 (the 'collectionHero' rendition), offered at smaller widths too. */
export const HERO_SIZE = IMAGE_RENDITIONS.collectionHero.aspect;
const HERO_SIZES = "(min-width: 1400px) 1336px, (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)";

type HeroStatus = "loading" | "loaded" | "failed";

/**
 * The hero of a collection page: back link, title, description,
 * then the picture in a box of reserved size. 'Loading image...' sits under the picture until it
 * has loaded (without JavaScript the loaded picture simply covers it). On failure the category
 * fallback is shown with a toast and a refresh button, which asks for the original again with a
 * cache-busting parameter. Render it with `key={header.slug}` so another collection starts over.
 */
export function CollectionHero({ header }: { header: CollectionHeader }) {
  const responsive = responsiveImage(header.image, "collectionHero", HERO_SIZES);
  const original = responsive.src;
  const fallback = categoryFallbackImage(header.slug);
  const [status, setStatus] = useState<HeroStatus>("loading");
  const [refreshStamp, setRefreshStamp] = useState<number>();
  const [fallbackFailed, setFallbackFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  const showingFallback = status === "failed";
  const src = showingFallback ? fallback : withRefreshToken(original, refreshStamp);
  // The srcset would keep pointing at the failed picture, and a refresh must ask for exactly one URL.
  const srcSet = showingFallback || refreshStamp ? undefined : responsive.srcSet;

  function handleLoad() {
    if (!showingFallback) setStatus("loaded");
  }

  function handleError() {
    if (showingFallback) {
      setFallbackFailed(true); // the fallback failed too: keep the sand box, no loop
      return;
    }
    setStatus("failed");
    toast.error("Hero image couldn't be loaded", {
      description: "Using a fallback image instead",
      id: "hero-image-failed",
    });
  }

  // The picture may have finished, or failed, before React hydrated: no event will come.
  useEffect(() => {
    const element = image.current;
    if (!element?.complete) return;
    if (element.naturalWidth > 0) handleLoad();
    else if (element.getAttribute("src")) handleError();
    // Only on mount; later changes arrive as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function refresh() {
    setFallbackFailed(false);
    setRefreshStamp(Date.now());
    setStatus("loading");
    toast("Refreshing hero image", { id: "hero-image-refresh" });
  }

  return (
    <section aria-labelledby="collection-title" className="border-b border-line bg-sand/60">
      <div className="page-container pb-8 pt-6 md:pb-12 md:pt-8">
        <BackToReviewsLink />

        <div className="mt-5 max-w-3xl">
          {(header.group || header.badge) && (
            <p className="mb-3 flex flex-wrap items-center gap-2 text-xs font-bold uppercase tracking-wider text-brand">
              {header.group && <span>{header.label ? `${header.group} · ${header.label}` : header.group}</span>}
              {header.badge && <Badge variant="best-value">{header.badge}</Badge>}
            </p>
          )}
          <h1 id="collection-title" className="text-[2rem] font-semibold leading-tight tracking-tight md:text-5xl">
            {header.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted md:text-xl">{header.description}</p>
          {header.lastUpdated && (
            <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-ink-muted">
              <CalendarDays aria-hidden className="size-4" />
              Last updated{" "}
              <time dateTime={header.lastUpdated} className="font-medium text-ink">
                {formatLongUsDate(header.lastUpdated)}
              </time>
            </p>
          )}
        </div>

        <div
          className="relative mt-8 overflow-hidden rounded-card bg-sand-strong shadow-card"
          style={{ aspectRatio: `${HERO_SIZE.width} / ${HERO_SIZE.height}` }}
        >
          {status === "loading" && (
            <p className="absolute inset-0 flex items-center justify-center text-sm font-medium text-ink-muted" aria-live="polite">
              Loading image...
            </p>
          )}
          <img
            ref={image}
            key={src}
            src={src}
            srcSet={srcSet}
            sizes={srcSet ? responsive.sizes : undefined}
            alt={`${header.title}: a representative sauna of this collection`}
            width={HERO_SIZE.width}
            height={HERO_SIZE.height}
            {...MAIN_PICTURE}
            decoding="async"
            onLoad={handleLoad}
            onError={handleError}
            className={`absolute inset-0 size-full object-cover ${fallbackFailed ? "invisible" : ""}`}
          />
          {showingFallback && (
            <button
              type="button"
              onClick={refresh}
              className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-ink/85 px-3.5 py-2 text-xs font-semibold text-white shadow hover:bg-ink"
            >
              <RefreshCw aria-hidden className="size-3.5" />
              Refresh image
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
