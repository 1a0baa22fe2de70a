import { RefreshCw } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { nextImageAfterError } from "~/lib/images/image-source";
import { withRefreshToken } from "~/lib/images/image-url";

interface ProductImageProps extends Omit<React.ComponentProps<"img">, "src" | "onError"> {
  src: string;
  /** Stable per product, so its placeholder after a failure is always the same one. */
  placeholderKey: number | string;
  /** Show a 'Refresh image' button after a failure (the home page's top-rated cards offer one). */
  refreshable?: boolean;
  /** Where the refresh button sits; the image's wrapper must be `relative`. */
  refreshClassName?: string;
}

/**
 * A product picture that heals itself: on a load error it swaps in the product's numbered
 * placeholder, then the generic one, and never loops (see resolveImageSource in lib/images/image-source).
 * An image that already failed before React hydrated (no error event would fire) is caught
 * on mount by checking `complete && naturalWidth === 0`.
 */
export function ProductImage({
  src,
  placeholderKey,
  refreshable = false,
  refreshClassName,
  className,
  alt,
  ...imgProps
}: ProductImageProps) {
  // The state belongs to the src it was made for: a new src starts over in the same render.
  const [state, setState] = useState({ src, current: src, failed: false });
  const { current, failed } = state.src === src ? state : { current: src, failed: false };
  const image = useRef<HTMLImageElement>(null);

  function handleError() {
    const next = nextImageAfterError(image.current?.currentSrc || current, placeholderKey);
    setState({ src, current: next ?? current, failed: true });
  }

  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && element.getAttribute("src")) handleError();
    // Only on mount: later failures arrive as error events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function refresh() {
    setState({ src, current: withRefreshToken(src, Date.now()), failed: false });
  }

  return (
    <>
      <img
        ref={image}
        src={current}
        alt={alt}
        onError={handleError}
        className={className}
        // The srcset would keep pointing at the failed original.
        {...(failed ? { ...imgProps, srcSet: undefined, sizes: undefined } : imgProps)}
      />
      {refreshable && failed && (
        <button
          type="button"
          onClick={refresh}
          className={cn(
            "absolute bottom-2 right-2 inline-flex items-center gap-1.5 rounded-full bg-ink/85 px-3 py-1.5 text-xs font-semibold text-white shadow hover:bg-ink",
            refreshClassName,
          )}
        >
          <RefreshCw aria-hidden className="size-3.5" />
          Refresh image
        </button>
      )}
    </>
  );
}
