import { Loader2 } from "~/components/ui/icons";

/** The spinner shown while a client navigation loads a product. */
export function ProductLoadingSpinner() {
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
