/**
 * The four built-in sample cards: shown where the home page's
 * top-rated cards go when the catalog holds no products at all. They are examples of the kinds of
 * sauna the site reviews, not products: no brand, rating, review count or price is made up for
 * them (nothing shown is invented), and each links to the reviews of its kind instead of a product page.
 */

export interface BuiltInSampleCard {
  /** Stable key, also the image's file name. */
  id: "barrel" | "traditional-finnish" | "infrared" | "diy-cedar-kit";
  name: string;
  /** The kind of sauna, shown where a real card shows the brand. */
  kind: string;
  description: string;
  /** Artwork shipped with the site (no stock or third-party pictures). */
  image: string;
  imageAlt: string;
  /** Where the reader can see real products of this kind. */
  href: string;
  linkText: string;
}

export const BUILT_IN_SAMPLE_CARDS: readonly BuiltInSampleCard[] = [
  {
    id: "barrel",
    name: "Example: Cedar Barrel Sauna",
    kind: "Barrel sauna",
    description: "A round, self-supporting cedar shell that heats quickly and sheds rain and snow.",
    image: "/images/builtin/barrel.webp",
    imageAlt: "Illustration of a cedar barrel sauna",
    href: "/reviews/barrel-saunas",
    linkText: "Browse barrel saunas",
  },
  {
    id: "traditional-finnish",
    name: "Example: Traditional Finnish Sauna",
    kind: "Traditional Finnish",
    description: "A heater warms a load of stones; ladle water on them for bursts of steam.",
    image: "/images/builtin/traditional-finnish.webp",
    imageAlt: "Illustration of a traditional Finnish sauna cabin",
    href: "/reviews/traditional-finnish-saunas",
    linkText: "Browse traditional saunas",
  },
  {
    id: "infrared",
    name: "Example: Outdoor Infrared Sauna",
    kind: "Infrared sauna",
    description: "Infrared panels warm you directly at a lower air temperature than a traditional sauna.",
    image: "/images/builtin/infrared.webp",
    imageAlt: "Illustration of an outdoor infrared sauna",
    href: "/reviews/infrared-saunas",
    linkText: "Browse infrared saunas",
  },
  {
    id: "diy-cedar-kit",
    name: "Example: DIY Cedar Sauna Kit",
    kind: "DIY kit",
    description: "Pre-cut cedar panels and a heater you assemble yourself on a prepared base.",
    image: "/images/builtin/diy-cedar-kit.webp",
    imageAlt: "Illustration of a cedar sauna kit ready for assembly",
    href: "/reviews/custom-saunas",
    linkText: "Browse custom saunas",
  },
];
