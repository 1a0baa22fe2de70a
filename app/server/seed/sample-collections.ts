import type { SampleCollection } from "./sample-types";

/**
 * One record for each fixed collection route under /reviews/ (app/routes.ts) plus the general
 * outdoor-saunas list. criteria_type / criteria_value follow the criteria of lib/collection/criteria-query.ts;
 * collections the table has no rule for are "custom" and are filled by the slug rules instead.
 * The seed points each record at /images/collections/{slug}.webp.
 */
export const sampleCollections: SampleCollection[] = [
  {
    slug: "outdoor-saunas",
    title: "Best Outdoor Saunas",
    description: "Our picks across every type, size and budget of outdoor sauna.",
    intro:
      "This list gathers every outdoor sauna we cover, from portable tents and cedar barrels to solid-timber cabins. It is sorted by rating, so start here if you are not yet sure which type suits your yard, climate and budget.",
    criteria_type: "custom",
    criteria_value: null,
    featured: true,
  },
  {
    slug: "modern-outdoor-saunas",
    title: "Best Modern Outdoor Saunas",
    description: "Cube, shed-roof and glass-fronted saunas with a contemporary look.",
    intro:
      "Modern outdoor saunas trade the rounded barrel and the log cabin for clean lines, flat or shed roofs and large windows. Expect higher prices and more heat loss through glass, in return for a building that sits comfortably next to a modern house.",
    criteria_type: "custom",
    criteria_value: null,
    featured: false,
  },
  {
    slug: "traditional-finnish-saunas",
    title: "Best Traditional Finnish Saunas",
    description: "Saunas with stone heaters, tall hot rooms and proper löyly.",
    intro:
      "A traditional Finnish sauna heats the air with a stove or heater loaded with stones, and water thrown on the stones makes the steam called löyly. These picks cover wood-fired and electric models that keep that experience, from small two-person rooms to cabins with changing rooms.",
    criteria_type: "custom",
    criteria_value: null,
    featured: true,
  },
  {
    slug: "infrared-saunas",
    title: "Best Outdoor Infrared Saunas",
    description: "Outdoor infrared saunas that warm the body with carbon panels rather than hot air.",
    intro:
      "Infrared saunas use heating panels that warm your body directly, so they run at lower air temperatures and often on ordinary household circuits. They do not give the steam of a stone heater; we note which models add one.",
    criteria_type: "heater_type",
    criteria_value: "infrared",
    featured: true,
  },
  {
    slug: "barrel-saunas",
    title: "Best Barrel Saunas",
    description: "Round cedar, spruce and thermowood barrels, from two-person to eight-person.",
    intro:
      "Barrel saunas are the most popular outdoor kit: the round shape uses less timber, heats evenly and sheds rain. We compare wood, stave thickness, heater and extras such as porches and changing rooms.",
    criteria_type: "category",
    criteria_value: "barrel",
    featured: true,
  },
  {
    slug: "wood-fired-saunas",
    title: "Best Wood-Fired Saunas",
    description: "Saunas heated by a wood stove, with no electrical service needed for heat.",
    intro:
      "A wood stove gives a soft, humid heat and frees the sauna from the grid, which suits cabins and rural plots. It also means splitting wood, clearing ash and checking local chimney rules, so we note stove quality and what comes in the box.",
    criteria_type: "heater_type",
    criteria_value: "wood",
    featured: false,
  },
  {
    slug: "electric-saunas",
    title: "Best Electric Outdoor Saunas",
    description: "Outdoor saunas with electric stone heaters, including WiFi-controlled models.",
    intro:
      "Electric heaters are the easiest way to a hot sauna: no fire to tend, steady temperatures and, on some models, warm-up from your phone. Most need a dedicated 240 V circuit, so we list each heater's power and breaker size.",
    criteria_type: "heater_type",
    criteria_value: "electric",
    featured: false,
  },
  {
    slug: "clt-saunas",
    title: "Best CLT Saunas",
    description: "Saunas built from solid cross-laminated timber panels.",
    intro:
      "Cross-laminated timber (CLT) saunas have solid wood walls instead of a framed, insulated wall. They are heavy, expensive and usually delivered by crane, but they hold heat steadily and are built to last decades.",
    criteria_type: "custom",
    criteria_value: null,
    featured: false,
  },
  {
    slug: "custom-saunas",
    title: "Best Custom Saunas",
    description: "Made-to-order saunas designed around your site and drawings.",
    intro:
      "A custom sauna fits spaces and styles that kits cannot, from shoreline plots to narrow gardens. Listed prices are starting points; the final cost and lead time depend on the design you agree with the builder.",
    criteria_type: "custom",
    criteria_value: null,
    featured: false,
  },
  {
    slug: "two-person-saunas",
    title: "Best Two-Person Saunas",
    description: "Compact outdoor saunas sized for one or two people.",
    intro:
      "Two-person saunas fit small yards, heat quickly and run on smaller heaters. We compare how much room each one really offers, because two adults on one bench is snug in most of them.",
    criteria_type: "size",
    criteria_value: "2",
    featured: true,
  },
  {
    slug: "four-person-saunas",
    title: "Best Four-Person Saunas",
    description: "Outdoor saunas with room for four, the most common family size.",
    intro:
      "Four-person saunas are the sweet spot for most households: room for a family or friends without the wiring and foundation of a large cabin. This list covers barrels, cabins, cubes and infrared models.",
    criteria_type: "size",
    criteria_value: "4",
    featured: false,
  },
  {
    slug: "six-person-saunas",
    title: "Best Six-Person Saunas",
    description: "Larger outdoor saunas for families and gatherings.",
    intro:
      "Six-person saunas suit large families and hosts. At this size a changing room becomes worth having, and the heater and electrical service, or the stove and chimney, become a bigger part of the cost.",
    criteria_type: "size",
    criteria_value: "6",
    featured: false,
  },
  {
    slug: "budget-saunas",
    title: "Best Budget Saunas Under $10,000",
    description: "The best outdoor saunas priced under $10,000.",
    intro:
      "You do not need to spend five figures for a good outdoor sauna. These picks all cost under $10,000; we point out where the savings come from, such as thinner staves, steel stoves or missing roofing.",
    criteria_type: "price",
    criteria_value: "budget",
    featured: false,
  },
  {
    slug: "premium-saunas",
    title: "Best Premium Saunas",
    description: "Outdoor saunas from $10,000 to under $15,000.",
    intro:
      "Between $10,000 and $15,000 you get better timber, larger rooms, changing rooms and more capable heaters. This tier holds many of the best-value saunas for people who plan to use one several times a week.",
    criteria_type: "price",
    criteria_value: "premium",
    featured: false,
  },
  {
    slug: "luxury-saunas",
    title: "Best Luxury Saunas",
    description: "Outdoor saunas priced at $15,000 and above.",
    intro:
      "Luxury saunas start at $15,000 and include solid-timber CLT buildings, made-to-order cabins and design-led cubes. Installation, cranes and foundations add to the price, so we note what each quote includes.",
    criteria_type: "price",
    criteria_value: "luxury",
    featured: false,
  },
  {
    slug: "recovery-saunas",
    title: "Best Saunas for Recovery",
    description: "Saunas with features aimed at post-workout and contrast sessions.",
    intro:
      "These saunas have features meant for regular post-exercise use, such as lower-temperature modes, recovery presets or space for a cold plunge. We describe the features, not medical outcomes; talk to a doctor if you have a health condition.",
    criteria_type: "use_case",
    criteria_value: "recovery",
    featured: true,
  },
  {
    slug: "eco-friendly-saunas",
    title: "Best Eco-Friendly Saunas",
    description: "Saunas built from sustainably sourced timber or with greener details.",
    intro:
      "These saunas use certified or sustainably sourced wood, natural finishes or planted roofs. How green a sauna is also depends on how you heat it and how often, so we note the heater as well as the timber.",
    criteria_type: "features",
    criteria_value: "eco",
    featured: false,
  },
];
