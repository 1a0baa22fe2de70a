import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ProductImage } from "~/components/catalog/product-image";
import { CardLink, linkedCardClasses } from "~/components/ui/linked-card";
import { categoryHref, NO_CATEGORIES_TEXT } from "~/lib/home/home-categories";
import type { CategoryCard } from "~/lib/home/home-page";
import { responsiveImage } from "~/lib/images/image-url";
import { SectionHeading } from "./section-heading";

/**
 * 'Browse by Category': a scroll-snap list of category cards, 1 per row, 2 from md,
 * 4 from lg. Without JavaScript it is a plain horizontally scrollable list (touch, trackpad,
 * shift+wheel, keyboard through the card links); with it, 'Previous' / 'Next' buttons move the
 * track a page at a time and disable themselves at the ends. The buttons sit at the sides from
 * md up and below the track on phones.
 */
export function CategoryCarousel({ cards }: { cards: CategoryCard[] }) {
  return (
    <section aria-labelledby="browse-by-category" className="home-section">
      <SectionHeading
        id="browse-by-category"
        eyebrow="Find your type"
        title="Browse by Category"
        intro="Barrel, traditional Finnish, infrared, modern cabins and more: start with the kind of sauna you have in mind."
      />
      {cards.length === 0 ? (
        <p className="mt-8 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {NO_CATEGORIES_TEXT}
        </p>
      ) : (
        <CarouselTrack cards={cards} />
      )}
    </section>
  );
}

function CarouselTrack({ cards }: { cards: CategoryCard[] }) {
  const track = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const [canGoBack, setCanGoBack] = useState(false);
  const [canGoForward, setCanGoForward] = useState(false);

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // A pixel of slack: scroll positions are fractional on zoomed and high-density screens.
    setCanGoBack(element.scrollLeft > 1);
    setCanGoForward(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, [measure]);

  function page(direction: -1 | 1) {
    const element = track.current;
    if (!element) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollBy({ left: direction * element.clientWidth, behavior: reduceMotion ? "auto" : "smooth" });
  }

  return (
    <div className="relative mt-8 md:px-2">
      <ul
        ref={track}
        aria-label="Sauna categories"
        // Once the arrows work, the scrollbar is redundant on desktop (app/styles/home.css).
        className={hydrated ? "carousel-track carousel-track-hydrated" : "carousel-track"}
      >
        {cards.map((card) => (
          <li key={card.slug} className="category-slide">
            <CategoryCardView card={card} />
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-center gap-3 md:mt-0">
        <button
          type="button"
          aria-label="Previous categories"
          disabled={!canGoBack}
          onClick={() => page(-1)}
          className="carousel-arrow md:-left-4"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Next categories"
          disabled={!canGoForward}
          onClick={() => page(1)}
          className="carousel-arrow md:-right-4"
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
    </div>
  );
}

function CategoryCardView({ card }: { card: CategoryCard }) {
  return (
    // Its box, photo frame, title and summary are styled from `.category-slide` (app/app.css).
    <article className={linkedCardClasses()}>
      <div>
        <ProductImage
          {...responsiveImage(card.image, "categoryCard", "(min-width: 1024px) 22vw, (min-width: 768px) 45vw, calc(100vw - 2rem)")}
          placeholderKey={card.slug}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          className="card-photo"
        />
      </div>
      <h3>
        <CardLink to={categoryHref(card.slug)}>{card.name}</CardLink>
      </h3>
      {card.description && <p>{card.description}</p>}
    </article>
  );
}
