import { useId, useState } from "react";
import { cn } from "~/components/ui/cn";
import { ChevronDown } from "~/components/ui/icons";
import type { ProductPageView } from "~/lib/product/product-page";

type DetailsSection = "shipping" | "method";

/**
 * One section open at a time, shipping first; a second click on the open one closes it. The
 * closed sections stay in the HTML, hidden, so their text is there for crawlers and no-JS readers.
 * The key features are not repeated here: the main column lists them under their own heading.
 */
export function DetailsAccordion({ view }: { view: ProductPageView }) {
  const [open, setOpen] = useState<DetailsSection | null>("shipping");
  const toggle = (value: DetailsSection) => setOpen((now) => (now === value ? null : value));
  const item = (value: DetailsSection) => ({ value, open: open === value, onToggle: () => toggle(value) });
  return (
    <div className="rounded-card border border-line bg-surface px-5 shadow-card lg:px-6">
      <DetailsItem {...item("shipping")} title="Shipping & Delivery" contentClassName="space-y-2 pb-4 text-sm text-ink-muted">
        <p className="font-medium text-ink">{view.shipping ?? "The seller sets shipping when you order."}</p>
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
      <section id={contentId} aria-labelledby={triggerId} hidden={!open} className={contentClassName}>
        {children}
      </section>
    </div>
  );
}
