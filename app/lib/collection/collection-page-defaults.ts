import type { Collection } from "../catalog/catalog";
import { defaultCollectionDescription } from "./built-in-collections";
import { FIXED_COLLECTION_SLUGS, isFixedCollectionSlug, type FixedCollectionSlug } from "./collection-rules";
import { categoryFallbackImage, isMissingImageValue } from "../images/image-source";
import { textOrNull } from "../catalog/product-display";
import { SITE_NAME } from "../site/site-navigation";

/**
 * What a collection review page says about itself: each fixed page has a default title, description, intro and picture,
 * used where the stored collection record lacks them.
 *
 * - six-person-saunas and modern-outdoor-saunas use fixed titles and descriptions: the
 *   record's texts never replace them (its intro and picture still may).
 * - clt-saunas uses a fixed collection record: nothing is read from the stored record.
 * - Every other fixed page: the record's value when it has one, else the default.
 * - A generic page (/reviews/{listId} found only in the database) uses its record, with the
 *   built-in description 'Top-rated {title}' and a plain intro when they are missing.
 *
 * No default carries a date or a year: the page's 'Last updated' is its real last change
 * (app/server/pages/collection.server.ts), never a date written here.
 */

export type CollectionGroup = "By Type" | "By Size" | "By Price" | "Special Types";

/** How much of a stored record a fixed page may use. */
export type RecordUse = "record-first" | "fixed-texts" | "fixed-record";

export interface CollectionPageDefaults {
  slug: FixedCollectionSlug;
  title: string;
  description: string;
  intro: string;
  /** The shipped picture, /images/collections/{slug}.webp. */
  image: string;
  group: CollectionGroup;
  /** The menu's label, when it says more than the title ('Under $10,000'). */
  label?: string;
  /** A badge shown next to the title (the menu's BEST VALUE on the budget page). */
  badge?: "BEST VALUE";
  recordUse: RecordUse;
}

type DefaultsInput = Omit<CollectionPageDefaults, "image" | "recordUse"> & { recordUse?: RecordUse };

// The annotations tell the bundler that building the table has no side effects, so a browser
// page that needs only collectionPageTitle or EXAMPLE_SAUNAS does not download the whole table.
const define = /* @__NO_SIDE_EFFECTS__ */ (input: DefaultsInput): CollectionPageDefaults => ({
  ...input,
  image: `/images/collections/${input.slug}.webp`,
  recordUse: input.recordUse ?? "record-first",
});

const defaultsList: CollectionPageDefaults[] = [
  define({
    slug: "outdoor-saunas",
    group: "By Type",
    title: "Best Outdoor Saunas",
    description: "Our ranked picks across every type, size and budget of outdoor sauna.",
    intro:
      "Every outdoor sauna we cover, from cedar barrels to solid-timber cabins, ranked by our ratings. Start here if you are not yet sure which type suits your yard, climate and budget.",
  }),
  define({
    slug: "modern-outdoor-saunas",
    group: "By Type",
    title: "Best Modern Outdoor Saunas",
    description: "Cube, shed-roof and glass-fronted outdoor saunas with a contemporary look, tested and ranked.",
    intro:
      "Modern outdoor saunas trade the rounded barrel and the log cabin for clean lines, flat or shed roofs and large windows. Expect higher prices and more heat loss through glass, in return for a building that sits comfortably next to a modern house.",
    recordUse: "fixed-texts",
  }),
  define({
    slug: "traditional-finnish-saunas",
    group: "By Type",
    title: "Best Traditional Finnish Saunas",
    description: "Saunas with stone heaters, tall hot rooms and proper löyly, ranked after hands-on testing.",
    intro:
      "A traditional Finnish sauna heats the air with a stove or heater loaded with stones; water thrown on the stones makes the steam called löyly. These picks keep that experience, from small two-person rooms to cabins with changing rooms.",
  }),
  define({
    slug: "infrared-saunas",
    group: "By Type",
    title: "Best Outdoor Infrared Saunas",
    description: "Outdoor infrared saunas that warm the body with heating panels rather than hot air.",
    intro:
      "Infrared saunas use heating panels that warm your body directly, so they run at lower air temperatures and often on ordinary household circuits. They do not give the steam of a stone heater; we note which models add one.",
  }),
  define({
    slug: "barrel-saunas",
    group: "By Type",
    title: "Best Barrel Saunas",
    description: "Round cedar, spruce and thermowood barrel saunas, from two-person to family size.",
    intro:
      "Barrel saunas are the most popular outdoor kit: the round shape uses less timber, heats evenly and sheds rain. We compare wood, stave thickness, heater and extras such as porches and changing rooms.",
  }),
  define({
    slug: "wood-fired-saunas",
    group: "By Type",
    title: "Best Wood-Fired Saunas",
    description: "Saunas heated by a wood stove, with no electrical service needed for heat.",
    intro:
      "A wood stove gives a soft, humid heat and frees the sauna from the grid, which suits cabins and rural plots. It also means splitting wood, clearing ash and checking local chimney rules, so we note stove quality and what comes in the box.",
  }),
  define({
    slug: "electric-saunas",
    group: "By Type",
    title: "Best Electric Outdoor Saunas",
    description: "Outdoor saunas with electric stone heaters, including WiFi-controlled models.",
    intro:
      "Electric heaters are the easiest way to a hot sauna: no fire to tend, steady temperatures and, on some models, warm-up from your phone. Most need a dedicated 240 V circuit, so we list each heater's power and breaker size.",
  }),
  define({
    slug: "clt-saunas",
    group: "By Type",
    title: "Best CLT Saunas",
    description: "Saunas built from solid cross-laminated timber panels, ranked for build quality and heat.",
    intro:
      "Cross-laminated timber (CLT) saunas have solid wood walls instead of a framed, insulated wall. They are heavy, expensive and usually delivered by crane, but they hold heat steadily and are built to last decades.",
    recordUse: "fixed-record",
  }),
  define({
    slug: "custom-saunas",
    group: "By Type",
    title: "Best Custom Saunas",
    description: "Made-to-order outdoor saunas designed around your site and drawings.",
    intro:
      "A custom sauna fits spaces and styles that kits cannot, from shoreline plots to narrow gardens. Listed prices are starting points; the final cost and lead time depend on the design you agree with the builder.",
  }),
  define({
    slug: "two-person-saunas",
    group: "By Size",
    label: "2-Person Saunas",
    title: "Best Two-Person Saunas",
    description: "Compact outdoor saunas sized for one or two people.",
    intro:
      "Two-person saunas fit small yards, heat quickly and run on smaller heaters. We compare how much room each one really offers, because two adults on one bench is snug in most of them.",
  }),
  define({
    slug: "four-person-saunas",
    group: "By Size",
    label: "4-Person Saunas",
    title: "Best Four-Person Saunas",
    description: "Outdoor saunas with room for four, the most common family size.",
    intro:
      "Four-person saunas are the sweet spot for most households: room for a family or friends without the wiring and foundation of a large cabin. This list covers barrels, cabins, cubes and infrared models.",
  }),
  define({
    slug: "six-person-saunas",
    group: "By Size",
    label: "6-Person Saunas",
    title: "Best Six-Person Saunas",
    description: "Larger outdoor saunas for families and gatherings, with room for six.",
    intro:
      "Six-person saunas suit large families and hosts. At this size a changing room becomes worth having, and the heater and electrical service, or the stove and chimney, become a bigger part of the cost.",
    recordUse: "fixed-texts",
  }),
  define({
    slug: "budget-saunas",
    group: "By Price",
    label: "Under $10,000",
    badge: "BEST VALUE",
    title: "Best Budget Saunas Under $10,000",
    description: "The best outdoor saunas priced under $10,000.",
    intro:
      "You do not need to spend five figures for a good outdoor sauna. These picks all cost under $10,000; we point out where the savings come from, such as thinner staves, steel stoves or missing roofing.",
  }),
  define({
    slug: "premium-saunas",
    group: "By Price",
    label: "Under $15,000",
    title: "Best Premium Saunas",
    description: "Outdoor saunas from $10,000 to under $15,000.",
    intro:
      "Between $10,000 and $15,000 you get better timber, larger rooms, changing rooms and more capable heaters. This tier holds many of the best-value saunas for people who plan to use one several times a week.",
  }),
  define({
    slug: "luxury-saunas",
    group: "By Price",
    label: "$15,000 and up",
    title: "Best Luxury Saunas",
    description: "Outdoor saunas priced at $15,000 and above.",
    intro:
      "Luxury saunas start at $15,000 and include solid-timber CLT buildings, made-to-order cabins and design-led cubes. Installation, cranes and foundations add to the price, so we note what each quote includes.",
  }),
  define({
    slug: "recovery-saunas",
    group: "Special Types",
    title: "Best Saunas for Recovery",
    description: "Saunas with features aimed at post-workout and contrast sessions.",
    intro:
      "These saunas have features meant for regular post-exercise use, such as lower-temperature modes, recovery presets or space for a cold plunge. We describe the features, not medical outcomes; talk to a doctor if you have a health condition.",
  }),
  define({
    slug: "eco-friendly-saunas",
    group: "Special Types",
    title: "Best Eco-Friendly Saunas",
    description: "Saunas built from sustainably sourced timber or with greener details.",
    intro:
      "These saunas use certified or sustainably sourced wood, natural finishes or planted roofs. How green a sauna is also depends on how you heat it and how often, so we note the heater as well as the timber.",
  }),
];

/** The defaults of one fixed page. */
export function collectionPageDefaults(slug: FixedCollectionSlug): CollectionPageDefaults {
  return defaultsList.find((defaults) => defaults.slug === slug) as CollectionPageDefaults;
}

/** Every fixed page's defaults, in FIXED_COLLECTION_SLUGS order. */
export function allCollectionPageDefaults(): CollectionPageDefaults[] {
  return FIXED_COLLECTION_SLUGS.map(collectionPageDefaults);
}

/** What the page shows about its collection, whatever the record had. */
export interface CollectionHeader {
  slug: string;
  title: string;
  description: string;
  intro: string;
  /** A site path or absolute URL. */
  image: string;
  /**
   * The page's last real change (ISO): the newest of its record's own change and the changes of
   * the products it lists; null when nothing dates it.
   */
  lastUpdated: string | null;
  group: CollectionGroup | null;
  label: string | null;
  badge: "BEST VALUE" | null;
  /** A fixed page whose stored record is missing (the infrared page toasts it). */
  recordMissing: boolean;
}

type RecordFields = Pick<Collection, "slug" | "title" | "description" | "intro" | "imageUrl">;

const pick = (recordValue: string | null | undefined, fallback: string): string => textOrNull(recordValue) ?? fallback;
const imageOf = (record: RecordFields | undefined): string | null =>
  record && !isMissingImageValue(record.imageUrl) ? (record.imageUrl as string).trim() : null;

/** The plain intro of a generic page whose record has none. */
export function genericIntro(title: string): string {
  return `${title} is one of our curated collections. Every sauna in it is reviewed with the same method, described at the end of this page, and links to its full review and current price.`;
}

/**
 * The header of a page. A fixed slug merges its record (or none) with the defaults by its
 * RecordUse; any other slug needs its record (it throws without one). `lastUpdated` is the
 * page's real last change, which only the page's reader knows.
 */
export function collectionHeader(slug: string, record: RecordFields | undefined, lastUpdated: string | null = null): CollectionHeader {
  if (isFixedCollectionSlug(slug)) {
    const defaults = collectionPageDefaults(slug);
    const extras = {
      group: defaults.group,
      label: defaults.label ?? null,
      badge: defaults.badge ?? null,
    };
    if (defaults.recordUse === "fixed-record") {
      const { slug: fixedSlug, title, description, intro, image } = defaults;
      return { slug: fixedSlug, title, description, intro, image, lastUpdated, ...extras, recordMissing: false };
    }
    const textsFixed = defaults.recordUse === "fixed-texts";
    return {
      slug,
      title: textsFixed ? defaults.title : pick(record?.title, defaults.title),
      description: textsFixed ? defaults.description : pick(record?.description, defaults.description),
      intro: pick(record?.intro, defaults.intro),
      image: imageOf(record) ?? defaults.image,
      lastUpdated,
      ...extras,
      recordMissing: record === undefined,
    };
  }
  if (!record) throw new Error(`A generic collection page needs its record: ${slug}`);
  const title = pick(record.title, slug);
  return {
    slug,
    title,
    description: pick(record.description, defaultCollectionDescription(title)),
    intro: pick(record.intro, genericIntro(title)),
    image: imageOf(record) ?? categoryFallbackImage(slug),
    lastUpdated,
    group: null,
    label: null,
    badge: null,
    recordMissing: false,
  };
}

/** The page title: '{collection title} - Sauna Reviews'. */
export function collectionPageTitle(title: string): string {
  return `${title} - ${SITE_NAME}`;
}

/**
 * The three example saunas of the empty state ('Temporary
 * Notice: Example Products'). They are illustrations, not products: no price, rating or buy link.
 */
export interface ExampleSauna {
  name: string;
  type: string;
  description: string;
  image: string;
  features: string[];
}

export const EXAMPLE_SAUNAS: readonly ExampleSauna[] = [
  {
    name: "Example: Cedar Barrel Sauna",
    type: "Barrel",
    description: "A round cedar barrel for four with an electric stone heater: the most common first outdoor sauna.",
    image: "/images/builtin/barrel.webp",
    features: ["Clear cedar staves", "Electric stone heater", "Seats up to four"],
  },
  {
    name: "Example: Traditional Finnish Cabin",
    type: "Traditional Finnish",
    description: "A small timber cabin with a wood-burning stove and stones for proper löyly.",
    image: "/images/builtin/traditional-finnish.webp",
    features: ["Wood-burning stove", "Two-tier benches", "Changing room"],
  },
  {
    name: "Example: Outdoor Infrared Sauna",
    type: "Infrared",
    description: "A compact cabin warmed by carbon infrared panels, running on a household circuit.",
    image: "/images/builtin/infrared.webp",
    features: ["Carbon infrared panels", "Lower air temperature", "Plug-in power"],
  },
];
