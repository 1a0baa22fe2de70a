import { categoryContains, heaterTypeContains, isBarrel, isInfrared, type ProductFacts } from "../catalog/product-match";

/**
 * The home page's 'Best Outdoor Saunas of 2025' picks, one per kind of sauna. Input: every
 * product, best rated first; each pick is the first that fits, or null.
 */

export type BestType = "traditional" | "infrared" | "barrel";

export interface BestByType<T> {
  traditional: T | null;
  infrared: T | null;
  barrel: T | null;
}

/** Card order on the home page. */
export const BEST_TYPES: readonly BestType[] = ["traditional", "infrared", "barrel"];

const typeLabels: Record<BestType, string> = {
  traditional: "Traditional Finnish",
  infrared: "Infrared",
  barrel: "Barrel",
};

const typeCollections: Record<BestType, string> = {
  traditional: "/reviews/traditional-finnish-saunas",
  infrared: "/reviews/infrared-saunas",
  barrel: "/reviews/barrel-saunas",
};

/**
 * Traditional: the category contains 'traditional', or the heater is wood or electric; and in
 * every case the category does not contain 'infrared'.
 */
export function isTraditionalPick(product: ProductFacts): boolean {
  const traditionalKind =
    categoryContains(product, "traditional") || heaterTypeContains(product, "wood") || heaterTypeContains(product, "electric");
  return traditionalKind && !categoryContains(product, "infrared");
}

export function bestByType<T extends ProductFacts>(productsByRating: readonly T[]): BestByType<T> {
  return {
    traditional: productsByRating.find(isTraditionalPick) ?? null,
    infrared: productsByRating.find(isInfrared) ?? null,
    barrel: productsByRating.find(isBarrel) ?? null,
  };
}

/** What a best-by-type card shows. */
export interface BestByTypeCard<T> {
  type: BestType;
  /** 'Traditional Finnish', 'Infrared', 'Barrel'. */
  label: string;
  /** 'Best Infrared Sauna': the card's heading and its image's fallback alt text. */
  heading: string;
  /** The product's name, or 'No Infrared sauna found'. */
  title: string;
  product: T | null;
  /** The type's collection page. */
  collectionHref: string;
}

export function bestByTypeCard<T extends ProductFacts>(type: BestType, product: T | null): BestByTypeCard<T> {
  const label = typeLabels[type];
  return {
    type,
    label,
    heading: `Best ${label} Sauna`,
    title: product ? product.name : `No ${label} sauna found`,
    product,
    collectionHref: typeCollections[type],
  };
}

/** The three cards in home-page order. */
export function bestByTypeCards<T extends ProductFacts>(picks: BestByType<T>): BestByTypeCard<T>[] {
  return BEST_TYPES.map((type) => bestByTypeCard(type, picks[type]));
}
