import type { SampleMerchant, SampleOffer } from "./sample-types";

/**
 * The sample catalog's shops (all invented, on `.example` domains) and its offers beyond the
 * makers' own. Every sample product's primary offer is its maker's shop (its price, sale and
 * affiliate link); the retailers below add second and third prices, a few sales, some out of
 * stock and one German offer in euros, so a fresh install shows where-to-buy with several shops.
 *
 * The makers' shops stay the cheapest in the site's currency, so each product's displayed price
 * is the one its own sample record gives, with one deliberate exception: Backyard Leisure Co's
 * sale on the Birchline Ember 6 ($9,200 until 2027-01-10) undercuts the maker's $9,600, to show
 * "Lowest price" on a retailer.
 */

export const sampleMerchants: SampleMerchant[] = [
  { slug: "lumo-works", name: "Lumo Works", domain: "lumoworks.example", countries: [] },
  { slug: "birchline-barrel-co", name: "Birchline Barrel Co.", domain: "birchline.example", countries: [] },
  { slug: "cinderbay-saunas", name: "Cinderbay Saunas", domain: "cinderbay.example", countries: [] },
  { slug: "emberfold-wellness", name: "Emberfold Wellness", domain: "emberfold.example", countries: [] },
  { slug: "ridgeplank", name: "Ridgeplank", domain: "ridgeplank.example", countries: [] },
  { slug: "fernhollow-builders", name: "Fernhollow Builders", domain: "fernhollow.example", countries: [] },
  { slug: "quietwater-heat", name: "Quietwater Heat", domain: "quietwater.example", countries: [] },
  { slug: "northstave", name: "Northstave", domain: "northstave.example", countries: [] },
  { slug: "nordic-bath-supply", name: "Nordic Bath Supply", domain: "nordicbathsupply.example", countries: ["US", "CA"] },
  {
    slug: "backyard-leisure-co",
    name: "Backyard Leisure Co",
    domain: "backyardleisure.example",
    countries: ["US"],
    affiliate_params: "partner=saunareviews",
  },
  { slug: "saunaversand-de", name: "Saunaversand DE", domain: "saunaversand.example", countries: ["DE", "AT"] },
];

const nordic = (
  product: string,
  price: number,
  availability: SampleOffer["availability"] = "InStock",
  availableFrom?: string,
): SampleOffer => ({
  product,
  merchant: "nordic-bath-supply",
  link: `https://nordicbathsupply.example/p/${product}?aff=saunareviews`,
  price,
  availability,
  ...(availableFrom ? { available_from: availableFrom } : {}),
  shipping_note: "Free freight delivery in the US and Canada",
});

const backyard = (
  product: string,
  price: number,
  availability: SampleOffer["availability"] = "InStock",
  sale?: { price: number; ends: string },
): SampleOffer => ({
  product,
  // The merchant's affiliate parameters (partner=…) are added to these links when a reader follows them.
  merchant: "backyard-leisure-co",
  link: `https://backyardleisure.example/saunas/${product}`,
  price,
  availability,
  shipping_note: "Curbside freight, 2–3 weeks",
  ...(sale ? { sale_price: sale.price, sale_ends_at: sale.ends } : {}),
});

export const sampleOffers: SampleOffer[] = [
  nordic("lumo-works-tyyni-4-cube-sauna", 16900),
  {
    product: "lumo-works-tyyni-4-cube-sauna",
    merchant: "saunaversand-de",
    link: "https://saunaversand.example/de/lumo-works-tyyni-4?partner=saunareviews",
    price: 15900,
    currency: "EUR",
    availability: "InStock",
    shipping_note: "Freight to Germany and Austria included",
  },
  nordic("lumo-works-valo-2-cube-sauna", 10400),
  backyard("lumo-works-valo-2-cube-sauna", 10000, "OutOfStock"),
  nordic("lumo-works-kallio-6-modern-sauna", 21900),
  backyard("birchline-classic-2-barrel-sauna", 6100),
  nordic("birchline-classic-2-barrel-sauna", 5950, "OutOfStock"),
  backyard("birchline-panorama-4-barrel-sauna", 8400, "InStock", { price: 7990, ends: "2026-12-31" }),
  nordic("birchline-panorama-4-barrel-sauna", 8600),
  backyard("birchline-ember-6-barrel-sauna", 9600, "InStock", { price: 9200, ends: "2027-01-10" }),
  backyard("cinderbay-trail-tent-sauna", 2650),
  nordic("cinderbay-trail-tent-sauna", 2600, "OutOfStock"),
  nordic("cinderbay-hearth-4-traditional-sauna", 11500),
  backyard("emberfold-solo-infrared-pod", 3300),
  nordic("emberfold-duo-outdoor-infrared-sauna", 4990),
  backyard("emberfold-duo-outdoor-infrared-sauna", 5100, "OutOfStock"),
  backyard("emberfold-quad-outdoor-infrared-sauna", 7900),
  // A pre-order and a back-order with the day they ship ("Ships from …" until then).
  nordic("ridgeplank-clt-cube-4", 24900, "PreOrder", "2027-03-02"),
  nordic("quietwater-classic-4-electric-sauna-cabin", 9450),
  backyard("quietwater-nordic-6-electric-sauna-cabin", 15200),
  nordic("quietwater-traditional-2-sauna", 6400, "BackOrder", "2027-01-15"),
  backyard("northstave-cabin-4-outdoor-sauna", 7100),
  nordic("northstave-cabin-4-outdoor-sauna", 7000),
  backyard("northstave-barrel-4-sauna", 5200, "OutOfStock"),
  nordic("northstave-barrel-6-electric-sauna", 7950),
];
