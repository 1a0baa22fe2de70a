import type { PickRole } from "~/lib/collection/pick-roles";

/**
 * The sample collections' picks and "Also tested" entries, and the sample reviews' and articles'
 * update notes (docs/decisions/0108): seeded with the sample catalog, so a new site shows what
 * the owner can do with them. Products are named by slug, collections by slug.
 */

export interface SamplePick {
  product: string;
  role: PickRole;
  label?: string;
  reason: string;
}

export const samplePicks: Record<string, SamplePick[]> = {
  "barrel-saunas": [
    {
      product: "birchline-panorama-4-barrel-sauna",
      role: "best-overall",
      reason: "Room for four, a glass end that makes the barrel feel bigger, and an even heat from bench to door.",
    },
    {
      product: "northstave-barrel-6-electric-sauna",
      role: "runner-up",
      reason: "Nearly as good for less, with space for six; the plain door end is all it gives up.",
    },
    {
      product: "northstave-barrel-4-sauna",
      role: "budget",
      reason: "A real wood-fired barrel for the price of a hot tub, if you can live with a simpler finish.",
    },
    {
      product: "birchline-grand-8-barrel-sauna",
      role: "upgrade",
      reason: "Eight seats and a changing porch: the barrel for a household that saunas together every week.",
    },
    {
      product: "birchline-classic-2-barrel-sauna",
      role: "also-tested",
      reason: "Well made, but two seats in a barrel this size leave little room to stretch out.",
    },
    {
      product: "fernhollow-custom-barrel-sauna",
      role: "also-tested",
      reason: "Beautiful joinery, built to order; the wait and the price put it outside most shortlists.",
    },
  ],
  "infrared-saunas": [
    {
      product: "emberfold-duo-outdoor-infrared-sauna",
      role: "best-overall",
      reason: "Warms two people in minutes on an ordinary circuit, and the cabinet shrugs off rain.",
    },
    {
      product: "emberfold-solo-infrared-pod",
      role: "budget",
      reason: "The cheapest way into outdoor infrared that we would still leave out all winter.",
    },
    {
      product: "emberfold-hybrid-3-sauna",
      role: "custom",
      label: "Best for steam lovers",
      reason: "Infrared panels plus a small stone heater: gentle warmth on weekdays, löyly at the weekend.",
    },
    {
      product: "emberfold-quad-outdoor-infrared-sauna",
      role: "also-tested",
      reason: "Roomy and well built, but the side panels leave the corner seats cooler than the middle.",
    },
  ],
  "traditional-finnish-saunas": [
    {
      product: "cinderbay-hearth-4-traditional-sauna",
      role: "best-overall",
      reason: "A wood stove with a deep stone load, tall benches and the softest löyly we measured.",
    },
    {
      product: "quietwater-traditional-2-sauna",
      role: "runner-up",
      reason: "An electric heater that still takes water well; the easy choice where a chimney is not allowed.",
    },
    {
      product: "cinderbay-trail-tent-sauna",
      role: "budget",
      reason: "A proper wood-fired sauna that packs into a car boot, for a fraction of a cabin's price.",
    },
    {
      product: "cinderbay-lodge-6-sauna-cabin",
      role: "upgrade",
      reason: "A changing room, a porch and six seats: the cabin to build your evenings around.",
    },
    {
      product: "northstave-cabin-4-outdoor-sauna",
      role: "also-tested",
      reason: "Good value, but its small stove struggled to hold heat with the door opening often.",
    },
  ],
};

export interface SampleUpdateNote {
  /** YYYY-MM-DD: after the review's day tested, or the article's publication. */
  date: string;
  text: string;
}

/** Update notes on sample reviews, by product slug. */
export const sampleReviewNotes: Record<string, SampleUpdateNote[]> = {
  "birchline-panorama-4-barrel-sauna": [
    { date: "2026-10-20", text: "Added the maker's new thermowood option to the specs; our scores are unchanged." },
    { date: "2026-11-18", text: "Price dropped at two shops; retested heat-up after the heater revision (now 38 minutes to 80 °C)." },
  ],
  "emberfold-duo-outdoor-infrared-sauna": [
    { date: "2026-11-05", text: "Rechecked the panels after a month outdoors: no change in surface temperature or in our verdict." },
  ],
  "cinderbay-hearth-4-traditional-sauna": [
    { date: "2026-11-12", text: "The maker now ships a larger stone basket; we refilled ours and the löyly score stays at 10." },
  ],
};

/** Update notes on sample articles, by article slug: the newest on each article's own updated date (its file's lastUpdated). */
export const sampleArticleNotes: Record<string, SampleUpdateNote[]> = {
  "best-barrel-saunas": [
    { date: "2025-03-05", text: "Updated the price ranges and added two thermowood barrels." },
    { date: "2025-04-10", text: "Added a section on foundations after readers asked about gravel pads versus concrete." },
  ],
  "sauna-maintenance": [{ date: "2025-03-28", text: "Added a winter checklist for wood-fired heaters and chimney caps." }],
};

/** Who the sample notes name as their author (never shown on the page). */
export const SAMPLE_NOTE_AUTHOR = "sample-content@example.com";
