import { ImageIcon, RefreshCw } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/components/ui/cn";
import { isTallImage } from "~/lib/images/image-source";
import { mainImageUrls, thumbnailImageUrl, thumbnailSrcSet } from "~/lib/product/product-page";
import { MAIN_PICTURE } from "~/lib/site/main-picture";

/** The main picture's width: the left column from md, the page width less its margins on phones. */
const MAIN_IMAGE_SIZES = "(min-width: 1440px) 920px, (min-width: 1280px) 64vw, (min-width: 768px) 53vw, calc(100vw - 2rem)";
/** A thumbnail is a quarter of the gallery's width. */
const THUMBNAIL_SIZES = "(min-width: 1440px) 221px, (min-width: 1280px) 15vw, (min-width: 768px) 12vw, 22vw";

/**
 * The product gallery:
 * - one selected picture, and thumbnails in a 4-column grid; a click, Enter or Space selects, the
 *   arrow keys (and Home / End) move between thumbnails;
 * - a picture taller than 1.5 times its width gets the vertical layout (a tall frame showing the
 *   whole picture); the natural sizes come from the main picture and the thumbnails as they load
 *   (thumbnails are fit inside, not cropped, so they reveal each picture's shape before it is picked);
 * - a picture that fails is replaced by the category fallback, and a 'Refresh image' button
 *   reloads the original with a cache-busting parameter; a failure of the selected picture toasts;
 * - 'Loading images...' while the list is being built for a product on the client (after a client
 *   navigation to another product); the server HTML already holds the first picture.
 */

interface GalleryItem {
  src: string;
  failed: boolean;
  /** Set by 'Refresh image': a cache-busting parameter for the next request. */
  refreshToken?: number;
}

interface GalleryState {
  key: string;
  items: GalleryItem[];
  selected: number;
}

interface NaturalSize {
  width: number;
  height: number;
}

interface ProductGalleryProps {
  /** Identifies the product, so a new product rebuilds the list. */
  productKey: string;
  name: string;
  images: string[];
  fallbackImage: string;
}

function buildGallery(key: string, images: string[]): GalleryState {
  return { key, items: images.map((src) => ({ src, failed: false })), selected: 0 };
}

const IMAGE_FAILED_TOAST = { title: "Image couldn't be loaded", description: "Using a fallback image instead" };
const REFRESHING_TOAST = { title: "Refreshing image", description: "Attempting to reload the original image" };

export function ProductGallery({ productKey, name, images, fallbackImage }: ProductGalleryProps) {
  const [gallery, setGallery] = useState(() => buildGallery(productKey, images));
  const [sizes, setSizes] = useState<Record<string, NaturalSize>>({});
  // Decisions taken in event handlers read the latest state here (two error events can arrive
  // before React re-renders; only the first may toast).
  const failedNow = useRef(new Set<number>());
  const selectedNow = useRef(gallery.selected);
  selectedNow.current = gallery.selected;
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  // Marks the gallery interactive once hydrated (the server HTML has no handlers yet).
  const interactive = useHydrated();
  // The main picture's URL once it has loaded: until then the frame shows a pulsing skeleton.
  const [loadedMain, setLoadedMain] = useState<string | null>(null);

  const ready = gallery.key === productKey;
  useEffect(() => {
    if (gallery.key === productKey) return;
    failedNow.current = new Set();
    setGallery(buildGallery(productKey, images));
    // `images` belongs to `productKey`: rebuild only when the product changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productKey, gallery.key]);

  if (!ready) {
    return (
      <div
        role="status"
        className="flex aspect-[4/3] w-full animate-pulse items-center justify-center gap-2 rounded-card bg-sand text-sm font-medium text-ink-muted"
      >
        <ImageIcon aria-hidden className="size-5" />
        Loading images...
      </div>
    );
  }

  const { items, selected } = gallery;
  const current = items[selected] ?? items[0]!;
  const total = items.length;
  const shownSrc = current.failed ? fallbackImage : current.src;
  const mainUrls = current.failed ? mainImageUrls(fallbackImage) : mainImageUrls(current.src, current.refreshToken);
  const mainSize = sizes[shownSrc];
  const vertical = mainSize !== undefined && isTallImage(mainSize.width, mainSize.height);

  function rememberSize(src: string, image: HTMLImageElement) {
    const { naturalWidth: width, naturalHeight: height } = image;
    if (!(width > 0 && height > 0)) return;
    setSizes((known) => (known[src]?.width === width && known[src]?.height === height ? known : { ...known, [src]: { width, height } }));
  }

  function markFailed(index: number) {
    if (failedNow.current.has(index)) return;
    failedNow.current.add(index);
    setGallery((state) => ({
      ...state,
      items: state.items.map((item, i) => (i === index ? { ...item, failed: true } : item)),
    }));
    if (index === selectedNow.current) toast.error(IMAGE_FAILED_TOAST.title, { description: IMAGE_FAILED_TOAST.description });
  }

  function refresh(index: number) {
    failedNow.current.delete(index);
    const token = Date.now();
    setGallery((state) => ({
      ...state,
      items: state.items.map((item, i) => (i === index ? { ...item, failed: false, refreshToken: token } : item)),
    }));
    toast.info(REFRESHING_TOAST.title, { description: REFRESHING_TOAST.description });
  }

  function select(index: number) {
    setGallery((state) => ({ ...state, selected: index }));
  }

  function onThumbnailKey(event: React.KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    thumbnails.current[(target + total) % total]?.focus();
  }

  const mainAlt = current.failed
    ? `${name}: photo unavailable, showing a stand-in picture`
    : total > 1
      ? `${name}, photo ${selected + 1} of ${total}`
      : name;

  return (
    <div className="space-y-3" data-layout={vertical ? "vertical" : "horizontal"} data-interactive={interactive || undefined}>
      <div
        className={cn(
          "relative flex w-full items-center justify-center overflow-hidden rounded-card bg-sand",
          vertical ? "h-[min(70vh,620px)]" : "aspect-[4/3]",
        )}
      >
        {interactive && loadedMain !== mainUrls.src && (
          <span aria-hidden data-testid="photo-loading" className="absolute inset-0 animate-pulse bg-sand-strong/70" />
        )}
        <GalleryImage
          key={selected}
          src={mainUrls.src}
          srcSet={mainUrls.srcSet}
          sizes={mainUrls.srcSet ? MAIN_IMAGE_SIZES : undefined}
          alt={mainAlt}
          width={mainSize?.width}
          height={mainSize?.height}
          {...(selected === 0 ? MAIN_PICTURE : {})}
          className={cn("relative", vertical ? "h-full w-auto max-w-full object-contain" : "size-full object-contain")}
          onLoaded={(image) => {
            setLoadedMain(mainUrls.src);
            rememberSize(shownSrc, image);
          }}
          onFailed={() => {
            if (!current.failed) markFailed(selected);
          }}
        />
        {current.failed && (
          <button
            type="button"
            onClick={() => refresh(selected)}
            className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-ink/85 px-3.5 py-2 text-sm font-semibold text-white shadow-card hover:bg-ink"
          >
            <RefreshCw aria-hidden className="size-4" />
            Refresh image
          </button>
        )}
      </div>

      {total > 1 && (
        <div role="group" aria-label="Product photos" className="grid grid-cols-4 gap-2 sm:gap-3">
          {items.map((item, index) => {
            const isSelected = index === selected;
            const thumbSrc = item.failed ? thumbnailImageUrl(fallbackImage) : thumbnailImageUrl(item.src, item.refreshToken);
            const thumbSrcSet = item.failed ? thumbnailSrcSet(fallbackImage) : thumbnailSrcSet(item.src, item.refreshToken);
            return (
              <button
                key={`${item.src}-${index}`}
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                type="button"
                aria-label={`Show photo ${index + 1} of ${total}`}
                aria-pressed={isSelected}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => select(index)}
                onKeyDown={(event) => onThumbnailKey(event, index)}
                className={cn(
                  "relative aspect-[4/3] overflow-hidden rounded-md bg-sand ring-offset-2 ring-offset-canvas transition",
                  isSelected ? "ring-2 ring-brand" : "opacity-80 ring-1 ring-line hover:opacity-100",
                )}
              >
                <GalleryImage
                  src={thumbSrc}
                  srcSet={thumbSrcSet}
                  sizes={thumbSrcSet ? THUMBNAIL_SIZES : undefined}
                  alt=""
                  className="size-full object-cover"
                  onLoaded={(image) => {
                    if (!item.failed) rememberSize(item.src, image);
                  }}
                  onFailed={() => {
                    if (!item.failed) markFailed(index);
                  }}
                />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * An <img> that reports its load and failure, including those that happened before React
 * hydrated (no event fires for them, so the element is checked once on mount).
 */
function GalleryImage({
  onLoaded,
  onFailed,
  ...props
}: Omit<React.ComponentProps<"img">, "onLoad" | "onError"> & {
  onLoaded: (image: HTMLImageElement) => void;
  onFailed: () => void;
}) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element?.complete || !element.getAttribute("src")) return;
    if (element.naturalWidth === 0) onFailed();
    else onLoaded(element);
    // Only on mount: later loads and failures arrive as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // alt is required by the props' type and arrives through the spread, which the rule cannot see.
  // eslint-disable-next-line jsx-a11y/alt-text
  return <img ref={image} {...props} onLoad={(event) => onLoaded(event.currentTarget)} onError={() => onFailed()} />;
}
