import { ArrowRight, SearchX } from "~/components/ui/icons";
import { ButtonLink } from "~/components/ui/button";
import type { CategoryLink } from "~/lib/site/page-errors";

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

export function ProductNotFound({ title, text }: { title: string; text: string }) {
  return (
    <ProductMissing title={title} text={text}>
      <ButtonLink to="/reviews">
        Browse All Reviews
        <ArrowRight aria-hidden className="size-4" />
      </ButtonLink>
    </ProductMissing>
  );
}

/** A product the admin deleted: say so plainly, and offer the closest page that still exists. */
export function ProductGone({ title, text, category }: { title: string; text: string; category: CategoryLink | null }) {
  return (
    <ProductMissing title={title} text={text}>
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
