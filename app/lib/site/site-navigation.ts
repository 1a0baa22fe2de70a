/** The top bar's menu entries: the fixed collection pages, grouped as the menu shows them. */

export interface MenuLink {
  name: string;
  url: string;
  badge?: "FEATURED" | "BEST VALUE";
}

export interface MenuColumn {
  heading: string;
  links: MenuLink[];
}

export const SITE_NAME = "Sauna Reviews";

/** Also the home page's meta description: at most 160 characters, or search results cut it. */
export const SITE_DESCRIPTION =
  "Independent reviews and side-by-side comparisons of barrel, traditional Finnish and infrared outdoor saunas, to help you choose the right one for your home.";

const popularCategories: MenuLink[] = [
  { name: "Modern Outdoor Saunas", url: "/reviews/modern-outdoor-saunas", badge: "FEATURED" },
  { name: "Traditional Finnish Saunas", url: "/reviews/traditional-finnish-saunas" },
  { name: "Infrared Saunas", url: "/reviews/infrared-saunas" },
  { name: "Barrel Saunas", url: "/reviews/barrel-saunas" },
  { name: "Wood-Fired Saunas", url: "/reviews/wood-fired-saunas" },
  { name: "Electric Saunas", url: "/reviews/electric-saunas" },
  { name: "CLT Saunas", url: "/reviews/clt-saunas" },
  { name: "Custom Saunas", url: "/reviews/custom-saunas" },
];

const bySize: MenuLink[] = [
  { name: "2-Person Saunas", url: "/reviews/two-person-saunas" },
  { name: "4-Person Saunas", url: "/reviews/four-person-saunas" },
  { name: "6-Person Saunas", url: "/reviews/six-person-saunas" },
];

const byPrice: MenuLink[] = [
  { name: "Under $10,000", url: "/reviews/budget-saunas", badge: "BEST VALUE" },
  { name: "Under $15,000", url: "/reviews/premium-saunas" },
  { name: "Luxury Saunas", url: "/reviews/luxury-saunas" },
];

const specialTypes: MenuLink[] = [
  { name: "Recovery Saunas", url: "/reviews/recovery-saunas" },
  { name: "Eco-Friendly Saunas", url: "/reviews/eco-friendly-saunas" },
];

/** Three columns; the middle one stacks 'By Size' over 'By Price'. */
export const bestSaunasMenu: MenuColumn[][] = [
  [{ heading: "Popular Categories", links: popularCategories }],
  [
    { heading: "By Size", links: bySize },
    { heading: "By Price", links: byPrice },
  ],
  [{ heading: "Special Types", links: specialTypes }],
];

/** Under 768 px the top bar collapses to these three entries. */
export const mobileMenuLinks: MenuLink[] = [
  { name: "Best Saunas", url: "/reviews" },
  { name: "Reviews", url: "/reviews" },
  { name: "Learn", url: "/learn" },
];
