import type { SampleProduct } from "./sample-types";

/**
 * Sample outdoor saunas shipped with the site. Every brand, model, domain and number here is
 * invented for demonstration; the domains use the reserved `.example` TLD so no link can reach a
 * real shop. The set is shaped so that every fixed collection under /reviews/ has products
 * (see sample-content.test.ts).
 */
export const sampleProducts: SampleProduct[] = [
  // Lumo Works: modern and cube saunas.
  {
    slug: "lumo-works-tyyni-4-cube-sauna",
    name: "Tyyni 4 Cube Sauna",
    brand: "Lumo Works",
    category_id: "cube",
    tagline: "A calm glass-fronted cube for four, delivered in one piece.",
    description:
      "A pre-assembled thermowood cube with a full-height glass front and an app-controlled 8 kW heater. It arrives as one module and needs a crane or forklift to set in place.",
    full_description:
      "The Tyyni 4 is a four-person cube sauna clad in thermally modified spruce, with a tempered glass front wall and two-tier benches inside. It is built and wired at the factory, so on site it needs a level base, a 240 V / 40 A circuit installed by an electrician, and a way to lift it into position.\n\n" +
      "It suits buyers who want a finished, modern look with little assembly and who have a view worth facing. The WiFi controller lets you schedule warm-up from a phone, which is handy for evening sessions.\n\n" +
      "The trade-offs are access and heat loss: a one-piece module needs clear delivery access, and a large glass wall gives up more heat than solid timber, so warm-up takes longer in winter. Owners who prefer privacy may want a screen or a film on the glass.",
    price: 16900,
    sale_price: 15400,
    sale_ends_at: "2026-12-31",
    capacity: 4,
    dimensions: "7' L x 7' W x 7.5' H",
    weight_lbs: 1950,
    heater_type: "Electric (WiFi-controlled)",
    heater_spec: "8 kW stainless electric heater with app control, 240 V / 40 A breaker",
    key_features: [
      "Thermally modified spruce cladding",
      "Full-height tempered glass front",
      "WiFi heater control with scheduling",
      "Two-tier benches for four",
      "Integrated LED bench lighting",
      "Ships as a pre-assembled module",
    ],
    website: "https://lumoworks.example/tyyni-4",
    affiliate_link: "https://lumoworks.example/tyyni-4?ref=saunareviews",
    rating: 4.7,
    reviews_number: 86,
    review_count: "85+",
    shipping_info: "$650 freight, crane or forklift unloading arranged by buyer",
    art: { shape: "cube", wood: "thermowood", setting: "lake", heater: "electric", accent: "#2f4858" },
  },
  {
    slug: "lumo-works-valo-2-cube-sauna",
    name: "Valo 2 Cube Sauna",
    brand: "Lumo Works",
    category_id: "cube",
    tagline: "A compact two-person cube for small patios.",
    description:
      "A small thermowood cube with a panoramic side window and a 4.5 kW electric heater. It fits where a barrel would feel cramped.",
    full_description:
      "The Valo 2 is the smallest Lumo Works cube: one long bench for two, a side window and a flat membrane roof. It ships as wall panels that two people can assemble in a weekend, and it runs on a 240 V / 25 A circuit.\n\n" +
      "It suits couples and solo users with limited space who want a modern look without the cost of the larger cubes. The small volume heats quickly on a modest heater.\n\n" +
      "Two adults fill it, so it is not a sauna for guests. The flat roof needs its membrane checked each spring, and the aspen benches show water marks unless they are wiped after use.",
    price: 10000,
    capacity: 2,
    dimensions: "5' L x 6' W x 7' H",
    weight_lbs: 1150,
    heater_type: "Electric",
    heater_spec: "4.5 kW stainless electric heater, 240 V / 25 A breaker",
    key_features: [
      "Thermowood exterior with charcoal trim",
      "Panoramic side window",
      "Compact footprint for small patios",
      "Aspen interior bench",
      "Flat roof with rubber membrane",
    ],
    website: "https://lumoworks.example/valo-2",
    affiliate_link: "https://lumoworks.example/valo-2?ref=saunareviews",
    rating: 4.5,
    reviews_number: 42,
    review_count: "40+",
    shipping_info: "Free curbside delivery in the contiguous US",
    art: { shape: "cube", wood: "thermowood", setting: "garden", heater: "electric", accent: "#c8553d" },
  },
  {
    slug: "lumo-works-kallio-6-modern-sauna",
    name: "Kallio 6 Modern Sauna",
    brand: "Lumo Works",
    category_id: "modern",
    tagline: "A six-person modern sauna with its own changing room.",
    description:
      "A shed-roof sauna with a hot room for six and a separate changing room, clad in charred timber. Heat comes from an app-controlled 8 kW electric heater.",
    full_description:
      "The Kallio 6 is a modern outdoor sauna in two rooms: a changing room with a bench and hooks, and a hot room with benches for six. The exterior is charred timber under a standing-seam steel shed roof, and the interior is alder.\n\n" +
      "It suits households that use the sauna often and want a changing space that keeps towels and clothes out of the heat, or that host friends. The WiFi controller can start the heater before you get home.\n\n" +
      "It is a large kit: plan for a proper foundation, a 240 V / 40 A circuit and several days of assembly, or budget for a local installer. Charred cladding needs an occasional oil coat to keep its colour.",
    price: 21500,
    capacity: 6,
    dimensions: "8' L x 7' W x 7.5' H",
    weight_lbs: 2600,
    heater_type: "Electric (WiFi-controlled)",
    heater_spec: "8 kW stainless electric heater with app control, 240 V / 40 A breaker",
    key_features: [
      "Separate changing room with bench and hooks",
      "Charred timber exterior",
      "Standing-seam steel shed roof",
      "Alder interior and benches",
      "WiFi heater control",
    ],
    website: "https://lumoworks.example/kallio-6",
    affiliate_link: "https://lumoworks.example/kallio-6?ref=saunareviews",
    rating: 4.6,
    reviews_number: 31,
    review_count: "31",
    shipping_info: "$890 freight, liftgate included",
    art: { shape: "modern", wood: "charred", setting: "mountain", heater: "electric", accent: "#e0a458" },
  },
  {
    slug: "lumo-works-hetki-3-modern-sauna",
    name: "Hetki 3 Modern Sauna",
    brand: "Lumo Works",
    category_id: "modern",
    tagline: "Modern lines with a glass-door wood stove inside.",
    description:
      "A three-person modern sauna heated by a wood stove with a glass door. Its flat roof is built to carry a planted sedum layer.",
    full_description:
      "The Hetki 3 pairs a simple modern shell with a wood-burning stove, so it needs no electrical supply beyond a light. The stove has a glass door, and the flat roof is reinforced to take sedum trays.\n\n" +
      "It suits off-grid sites and buyers who like tending a fire but want a contemporary building rather than a rustic one. The FSC-certified spruce frame will appeal to buyers who check where the timber came from.\n\n" +
      "A wood stove asks more of you: splitting and storing wood, clearing ash, and checking local rules on chimneys and clearances. A planted roof adds weight and upkeep, and is an option rather than a requirement.",
    price: 13800,
    capacity: 3,
    dimensions: "6' L x 6' W x 7' H",
    weight_lbs: 1500,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove with glass door, 88 lbs of stones",
    key_features: [
      "Glass-door wood stove",
      "FSC-certified spruce framing",
      "Flat roof rated for a green sedum layer",
      "No electrical hookup needed for heat",
      "Insulated chimney kit included",
    ],
    website: "",
    affiliate_link: "https://lumoworks.example/hetki-3?ref=saunareviews",
    rating: 4.4,
    reviews_number: 19,
    review_count: "19",
    shipping_info: "$540 freight",
    art: { shape: "modern", wood: "spruce", setting: "forest", heater: "wood", accent: "#6b8f71" },
  },

  // Birchline Barrel Co.: cedar barrel saunas.
  {
    slug: "birchline-classic-2-barrel-sauna",
    name: "Classic 2 Barrel Sauna",
    brand: "Birchline Barrel Co.",
    category_id: "barrel",
    tagline: "A small cedar barrel for two.",
    description:
      "A short clear-cedar barrel with one bench for two and a 3.5 kW electric heater. A simple first sauna for a small yard.",
    full_description:
      "The Classic 2 is a compact barrel sauna built from clear western red cedar staves held by stainless steel bands. It has a tempered glass door, one bench for two and a 3.5 kW heater on a 240 V / 20 A circuit.\n\n" +
      "It suits one or two people who want a real sauna at a modest price and have a small level spot for it. Barrels use less material than cabins and the round shape heats evenly.\n\n" +
      "There is no room to lie down and none for a third person. As with every barrel, the staves move with the seasons, so the bands need tightening now and then, and the roof benefits from shingles or a cover in wet climates.",
    price: 5900,
    capacity: 2,
    dimensions: "5' D x 4' L",
    weight_lbs: 720,
    heater_type: "Electric",
    heater_spec: "3.5 kW stainless electric heater, 240 V / 20 A breaker",
    key_features: [
      "Clear western red cedar staves",
      "Stainless steel bands with tensioners",
      "Tempered glass door",
      "Single bench seating two",
      "Ships flat-packed with hardware",
    ],
    website: "https://birchline.example/classic-2",
    affiliate_link: "https://birchline.example/classic-2?ref=saunareviews",
    rating: 4.3,
    reviews_number: 112,
    review_count: "110+",
    shipping_info: "Free Shipping",
    art: { shape: "barrel", wood: "cedar", setting: "garden", heater: "electric", accent: "#8c5a3c" },
  },
  {
    slug: "birchline-panorama-4-barrel-sauna",
    name: "Panorama 4 Barrel Sauna",
    brand: "Birchline Barrel Co.",
    category_id: "barrel",
    tagline: "A four-person barrel with a full glass back wall.",
    description:
      "A clear-cedar barrel with facing benches for four and a panoramic rear window. It runs on a 6 kW electric heater.",
    full_description:
      "The Panorama 4 is Birchline's best-known barrel: 1.5 in clear cedar staves, two facing benches and a rear wall that is one sheet of tempered glass. A 6 kW heater on a 240 V / 30 A circuit warms it, and a bucket, ladle and thermometer come in the box.\n\n" +
      "It suits families and couples who want room to spread out and a view of the garden or water from the benches. It is a good middle ground between the small two-person barrels and the long barrels with porches.\n\n" +
      "The glass wall is heavy to handle during assembly and loses more heat than cedar, and it faces whatever is behind the sauna, so think about placement. The staves need the usual seasonal band adjustment.",
    price: 8400,
    sale_price: 7650,
    sale_ends_at: "2027-01-15",
    capacity: 4,
    dimensions: "6' D x 6' L",
    weight_lbs: 1050,
    heater_type: "Electric",
    heater_spec: "6 kW stainless electric heater, 240 V / 30 A breaker",
    key_features: [
      "Full panoramic rear window",
      "Clear cedar staves, 1.5 in thick",
      "Two facing benches",
      "Stainless steel bands",
      "Bucket, ladle and thermometer included",
    ],
    website: "https://birchline.example/panorama-4",
    affiliate_link: "https://birchline.example/panorama-4?ref=saunareviews",
    rating: 4.6,
    reviews_number: 214,
    review_count: "200+",
    shipping_info: "Free Shipping",
    art: { shape: "barrel", wood: "cedar", setting: "lake", heater: "electric", accent: "#3d5a80" },
  },
  {
    slug: "birchline-ember-6-barrel-sauna",
    name: "Ember 6 Barrel Sauna",
    brand: "Birchline Barrel Co.",
    category_id: "barrel",
    tagline: "A wood-fired barrel for six with a covered porch.",
    description:
      "A long cedar barrel with a porch under the eave and a stainless wood stove. No electrical service is needed to heat it.",
    full_description:
      "The Ember 6 is a wood-fired barrel sauna with two long benches and a small covered porch at the door. Its stainless stove holds 66 lbs of stones and comes with a stove guard, heat shield and chimney section.\n\n" +
      "It suits cabins, lake lots and rural yards where running a 240 V line would be costly, and people who want the soft, humid heat of water thrown on a wood-heated stone pile.\n\n" +
      "Six people fit shoulder to shoulder, so four is more comfortable. Wood heat takes longer to reach temperature than electric and needs a supply of dry wood, and a chimney may need a permit where you live.",
    price: 9600,
    capacity: 6,
    dimensions: "7' D x 8' L",
    weight_lbs: 1480,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove, 66 lbs of stones, 6 in flue",
    key_features: [
      "Wood stove needs no electrical hookup",
      "Covered porch under the eave",
      "Two long benches",
      "Clear cedar staves",
      "Stove guard and heat shield included",
      "Traditional Finnish loyly from loose stones",
    ],
    website: "https://birchline.example/ember-6",
    affiliate_link: "https://birchline.example/ember-6?ref=saunareviews",
    rating: 4.5,
    reviews_number: 96,
    review_count: "95+",
    shipping_info: "$399 freight",
    art: { shape: "barrel", wood: "cedar", setting: "snow", heater: "wood", accent: "#b23a48" },
  },
  {
    slug: "birchline-grand-8-barrel-sauna",
    name: "Grand 8 Barrel Sauna",
    brand: "Birchline Barrel Co.",
    category_id: "barrel",
    tagline: "The long barrel: changing room plus benches for eight.",
    description:
      "A ten-foot barrel with a separate changing room and a hot room for eight, heated by a 9 kW electric heater.",
    full_description:
      "The Grand 8 is the longest Birchline barrel. A partition wall splits it into a changing room and a hot room with two benches, and the heater controls sit on the changing-room side so nobody has to reach into the heat.\n\n" +
      "It suits large families, shared properties and people who entertain. The thermowood end walls come pre-built, which saves time on the fiddliest part of a barrel assembly.\n\n" +
      "It needs a long, level base and a 240 V / 50 A circuit. Eight people is the seated maximum; for lying down, plan on four. At this size a small cabin is worth comparing on price.",
    price: 12900,
    capacity: 8,
    dimensions: "7' D x 10' L",
    weight_lbs: 1920,
    heater_type: "Electric",
    heater_spec: "9 kW stainless electric heater, 240 V / 50 A breaker",
    key_features: [
      "Separate changing room",
      "Two benches seating eight",
      "Clear cedar with thermowood end walls",
      "Heater controls on the changing-room wall",
      "Pre-built end walls",
    ],
    website: "https://birchline.example/grand-8",
    affiliate_link: "https://birchline.example/grand-8?ref=saunareviews",
    rating: 4.4,
    reviews_number: 38,
    review_count: "35+",
    shipping_info: "$499 freight",
    art: { shape: "barrel", wood: "thermowood", setting: "forest", heater: "electric", accent: "#5c4d7d" },
  },

  // Cinderbay Saunas: traditional wood-fired saunas.
  {
    slug: "cinderbay-trail-tent-sauna",
    name: "Trail Tent Sauna",
    brand: "Cinderbay Saunas",
    category_id: "traditional",
    tagline: "A portable wood-fired sauna that packs into two bags.",
    description:
      "An insulated tent with a steel wood stove and chimney kit. It sets up at a campsite, a lakeshore or in the yard and packs away afterwards.",
    full_description:
      "The Trail Tent is a four-layer insulated fabric tent with a steel wood stove, a chimney with a fire-resistant roof jack and a stone tray that holds about 40 lbs of stones. Everything packs into two carry bags.\n\n" +
      "It suits renters, campers and anyone who wants to try a wood-fired sauna before committing to a permanent building. It pairs well with a lake or cold plunge for hot-and-cold sessions.\n\n" +
      "A tent never holds heat like timber, so expect lower temperatures, especially in wind. It needs a clear, flat, non-flammable spot for the stove, and the fabric must be dried before storage to avoid mildew.",
    price: 2600,
    capacity: 4,
    dimensions: "7' L x 7' W x 6.5' H",
    weight_lbs: 120,
    heater_type: "Wood-burning",
    heater_spec: "Portable steel wood stove with chimney kit, holds 40 lbs of stones",
    key_features: [
      "Packs into two carry bags",
      "Four-layer insulated fabric shell",
      "Fire-resistant chimney roof jack",
      "Folding bench seating four",
      "Suited to contrast recovery with a lake or cold plunge",
    ],
    website: "https://cinderbay.example/trail-tent",
    affiliate_link: "https://cinderbay.example/trail-tent?ref=saunareviews",
    rating: 4.1,
    reviews_number: 64,
    review_count: "60+",
    shipping_info: "Free Shipping",
    art: { shape: "tent", wood: "pine", setting: "lake", heater: "wood", accent: "#d1495b" },
  },
  {
    slug: "cinderbay-hearth-4-traditional-sauna",
    name: "Hearth 4 Traditional Sauna",
    brand: "Cinderbay Saunas",
    category_id: "traditional",
    tagline: "A classic Finnish-style sauna cabin with a wood stove.",
    description:
      "A four-person spruce cabin with upper and lower benches and a glass-door wood stove fed from inside the hot room.",
    full_description:
      "The Hearth 4 follows the traditional Finnish layout: a small, tall hot room with an upper bench to sit on and a lower bench for feet, heated by a wood stove with 88 lbs of stones. The walls are 2.75 in Nordic spruce under a shingled gable roof.\n\n" +
      "It suits people who want a sauna that feels like the ones in Finnish summer cottages and who are happy to light a fire. The upper bench puts bathers in the hottest air, which small barrels cannot do.\n\n" +
      "The stove is fed from inside the hot room, so ash and wood come into the sauna. There is no changing room; most owners add a bench and hooks outside. Check chimney clearances with your local building office before ordering.",
    price: 11200,
    capacity: 4,
    dimensions: "6' L x 6' W x 7' H",
    weight_lbs: 1700,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove with glass door, 88 lbs of stones, 6 in insulated chimney",
    key_features: [
      "Traditional Finnish layout with upper and lower benches",
      "Nordic spruce walls, 2.75 in tongue-and-groove",
      "Glass-door stove fed from inside",
      "Shingled gable roof",
      "Chimney kit included",
    ],
    website: "https://cinderbay.example/hearth-4",
    affiliate_link: "https://cinderbay.example/hearth-4?ref=saunareviews",
    rating: 4.6,
    reviews_number: 57,
    review_count: "55+",
    shipping_info: "$499 freight",
    art: { shape: "cabin", wood: "spruce", setting: "snow", heater: "wood", accent: "#9e2a2b" },
  },
  {
    slug: "cinderbay-lodge-6-sauna-cabin",
    name: "Lodge 6 Sauna Cabin",
    brand: "Cinderbay Saunas",
    category_id: "cabin",
    tagline: "A wood-fired sauna cabin with porch and changing room.",
    description:
      "A six-person cabin with a covered porch, a changing room and a wood stove fed from the changing-room side.",
    full_description:
      "The Lodge 6 is a full sauna building: covered front porch, changing room and a hot room for six. The stove is loaded from the changing room through the wall, so wood and ash stay out of the hot room, and it holds 110 lbs of stones.\n\n" +
      "It suits rural properties and cabins where the sauna is a regular gathering place. The spruce comes from sustainably managed Nordic forests, which the maker documents.\n\n" +
      "It is a substantial project: a foundation, a chimney, several days of assembly for a skilled crew, and possibly a building permit. Delivery is quoted by freight zone rather than included.",
    price: 17800,
    capacity: 6,
    dimensions: "9' L x 7' W x 8' H",
    weight_lbs: 3000,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove with through-wall feed, 110 lbs of stones",
    key_features: [
      "Stove fed from the changing room",
      "Separate changing room",
      "Covered front porch",
      "Spruce walls, 2.75 in tongue-and-groove",
      "Sustainable Nordic spruce from managed forests",
      "Double-pane door window",
    ],
    website: "https://cinderbay.example/lodge-6",
    affiliate_link: "https://cinderbay.example/lodge-6?ref=saunareviews",
    rating: 4.8,
    reviews_number: 23,
    review_count: "23",
    shipping_info: "Freight quoted at checkout",
    art: { shape: "cabin", wood: "pine", setting: "mountain", heater: "wood", accent: "#386641" },
  },

  // Emberfold Wellness: outdoor infrared saunas.
  {
    slug: "emberfold-solo-infrared-pod",
    name: "Solo Infrared Pod",
    brand: "Emberfold Wellness",
    category_id: "infrared",
    tagline: "A one-person outdoor infrared pod on a standard outlet.",
    description:
      "A weatherproof one-person infrared sauna with carbon heating panels that plugs into a 120 V / 15 A outdoor outlet.",
    full_description:
      "The Solo is a small hemlock pod with full-spectrum carbon panels behind the back, sides and calves. It draws 1,350 W, so it runs from a standard 120 V / 15 A outdoor-rated outlet with no new circuit.\n\n" +
      "It suits one person who wants short, regular sessions at lower air temperatures, for example after training, and who has little space or no 240 V supply.\n\n" +
      "Infrared heats the body more than the air, so it does not feel like a traditional sauna and there are no stones for steam. One person only, and the sealed base still needs a level, well-drained pad.",
    price: 3200,
    capacity: 1,
    dimensions: "3.5' L x 3.5' W x 6.5' H",
    weight_lbs: 280,
    heater_type: "Infrared (full-spectrum)",
    heater_spec: "Full-spectrum carbon panels, 1,350 W total, 120 V / 15 A outlet",
    key_features: [
      "Plugs into a standard outdoor-rated 120 V outlet",
      "Low-EMF carbon heating panels",
      "Weatherproof roof and sealed base",
      "Lower-temperature sessions suited to post-workout recovery",
    ],
    website: "https://emberfold.example/solo",
    affiliate_link: "https://emberfold.example/solo?ref=saunareviews",
    rating: 3.9,
    reviews_number: 148,
    review_count: "140+",
    shipping_info: "Free Shipping",
    art: { shape: "pod", wood: "hemlock", setting: "garden", heater: "infrared", accent: "#7b2cbf" },
  },
  {
    slug: "emberfold-duo-outdoor-infrared-sauna",
    name: "Duo Outdoor Infrared Sauna",
    brand: "Emberfold Wellness",
    category_id: "infrared",
    tagline: "A two-person infrared sauna built for the backyard.",
    description:
      "A hemlock infrared sauna for two with full-spectrum carbon panels on a dedicated 120 V / 20 A circuit.",
    full_description:
      "The Duo is a two-person outdoor infrared sauna with Canadian hemlock walls, a tempered glass door and an asphalt shingle roof. Full-spectrum carbon panels draw about 1,900 W on a dedicated 120 V / 20 A circuit.\n\n" +
      "It suits couples who want gentle, dry heat without the wiring cost of a traditional electric heater. The hemlock is sourced from managed forests and is low in resin, so it stays comfortable to lean on.\n\n" +
      "Like any infrared unit, it does not give the hot air and steam of a stone heater. The roof is light-duty, so heavy-snow regions should plan on a cover or a roofed spot.",
    price: 4900,
    capacity: 2,
    dimensions: "4.5' L x 4' W x 6.5' H",
    weight_lbs: 420,
    heater_type: "Infrared (full-spectrum)",
    heater_spec: "Full-spectrum carbon panels, 1,900 W total, 120 V / 20 A dedicated circuit",
    key_features: [
      "Canadian hemlock walls",
      "Near, mid and far infrared panels",
      "Tempered glass door",
      "Asphalt shingle roof",
      "Sustainable hemlock from managed forests",
    ],
    website: "https://emberfold.example/duo",
    affiliate_link: "https://emberfold.example/duo?ref=saunareviews",
    rating: 4.2,
    reviews_number: 187,
    review_count: "180+",
    shipping_info: "Free curbside delivery in the contiguous US",
    art: { shape: "pod", wood: "hemlock", setting: "forest", heater: "infrared", accent: "#ef8354" },
  },
  {
    slug: "emberfold-quad-outdoor-infrared-sauna",
    name: "Quad Outdoor Infrared Sauna",
    brand: "Emberfold Wellness",
    category_id: "infrared",
    tagline: "A four-person infrared sauna with a corner bench.",
    description:
      "A four-person outdoor infrared sauna with a corner bench, a cedar interior and a recovery mode that holds a lower target temperature.",
    full_description:
      "The Quad is Emberfold's largest pure-infrared model: a corner bench for four, a cedar interior inside a hemlock shell and carbon panels drawing about 3,100 W on a 240 V / 20 A circuit.\n\n" +
      "It suits households or training partners who want longer, milder sessions. The recovery mode holds a lower target temperature for people who find a hot sauna hard to stay in.\n\n" +
      "Four adults fit, but the panels sit behind and beside the bench, so the corner seats get the most even heat. It needs an electrician for the 240 V circuit, and infrared will not satisfy anyone looking for steam.",
    price: 7900,
    sale_price: 7200,
    sale_ends_at: "2026-12-24",
    capacity: 4,
    dimensions: "6' L x 5' W x 6.5' H",
    weight_lbs: 590,
    heater_type: "Infrared (full-spectrum)",
    heater_spec: "Full-spectrum carbon panels, 3,100 W total, 240 V / 20 A dedicated circuit",
    key_features: [
      "Corner bench seating four",
      "Low-EMF carbon panels",
      "Lower-temperature recovery mode",
      "Cedar interior, hemlock exterior",
      "Weather-sealed roof",
    ],
    website: "https://emberfold.example/quad",
    affiliate_link: "https://emberfold.example/quad?ref=saunareviews",
    rating: 4.4,
    reviews_number: 73,
    review_count: "70+",
    shipping_info: "Free Shipping",
    art: { shape: "pod", wood: "cedar", setting: "coast", heater: "infrared", accent: "#00798c" },
  },
  {
    slug: "emberfold-hybrid-3-sauna",
    name: "Hybrid 3 Sauna",
    brand: "Emberfold Wellness",
    category_id: "infrared",
    tagline: "Infrared panels and a stone heater in one cabin.",
    description:
      "A three-person cabin with both carbon infrared panels and a 4.5 kW electric stone heater, so you can choose dry infrared or hot air with steam.",
    full_description:
      "The Hybrid 3 combines 1,800 W of carbon infrared panels with a 4.5 kW electric heater and stones. A single controller switches between infrared, traditional and combined sessions, on a 240 V / 40 A circuit.\n\n" +
      "It suits households where one person prefers infrared and another wants a traditional sauna, and users who like preset programmes for post-workout recovery.\n\n" +
      "Two heating systems mean more parts to maintain and a higher price than a single-system sauna of the same size. It is heavier than Emberfold's infrared pods and needs a solid, level base.",
    price: 10900,
    capacity: 3,
    dimensions: "5' L x 5' W x 7' H",
    weight_lbs: 760,
    heater_type: "Infrared and electric (hybrid)",
    heater_spec: "Carbon infrared panels 1,800 W plus 4.5 kW stainless electric heater, 240 V / 40 A breaker",
    key_features: [
      "Switch between infrared and stone-heater sessions",
      "Post-workout recovery presets",
      "Carbon panels behind the backrest",
      "Thermowood exterior",
      "Single touch controller",
    ],
    website: "",
    affiliate_link: "https://emberfold.example/hybrid-3?ref=saunareviews",
    rating: 4.3,
    reviews_number: 28,
    review_count: "25+",
    shipping_info: "$349 freight",
    art: { shape: "cabin", wood: "thermowood", setting: "mountain", heater: "infrared", accent: "#f4a259" },
  },

  // Ridgeplank: cross-laminated timber (CLT) saunas.
  {
    slug: "ridgeplank-clt-cube-4",
    name: "CLT Cube 4",
    brand: "Ridgeplank",
    category_id: "clt",
    tagline: "Solid cross-laminated timber walls, delivered assembled.",
    description:
      "A four-person cube with 3.5 in solid CLT walls, a charred exterior and an app-controlled 8 kW heater, set in place by crane.",
    full_description:
      "The CLT Cube 4 is built from solid cross-laminated timber panels rather than a framed wall with insulation. The thick timber stores heat, which keeps the temperature steady once it is warm. It arrives fully assembled and is lifted onto its base by crane.\n\n" +
      "It suits buyers who want a durable, low-maintenance building that will last decades, and who prefer solid wood with no plastic vapour barrier in the walls.\n\n" +
      "Solid timber takes longer to warm up than an insulated frame, the unit is heavy, and the price is well above framed saunas of the same size. Site access for a crane and a proper foundation are part of the cost.",
    price: 24500,
    capacity: 4,
    dimensions: "7' L x 7' W x 8' H",
    weight_lbs: 4400,
    heater_type: "Electric (WiFi-controlled)",
    heater_spec: "8 kW stainless electric heater with app control, 240 V / 40 A breaker",
    key_features: [
      "Solid cross-laminated timber walls, 3.5 in thick",
      "Thermal mass keeps heat steady",
      "Charred-wood exterior",
      "Delivered fully assembled by crane",
      "Eco-friendly solid wood walls with no plastic vapour barrier",
    ],
    website: "https://ridgeplank.example/clt-cube-4",
    affiliate_link: "https://ridgeplank.example/clt-cube-4?ref=saunareviews",
    rating: 4.7,
    reviews_number: 18,
    review_count: "18",
    shipping_info: "Crane delivery quoted after a site survey",
    art: { shape: "clt", wood: "charred", setting: "lake", heater: "electric", accent: "#f2cc8f" },
  },
  {
    slug: "ridgeplank-clt-studio-6",
    name: "CLT Studio 6",
    brand: "Ridgeplank",
    category_id: "clt",
    tagline: "A wood-fired CLT sauna house with a window wall.",
    description:
      "A six-person CLT sauna with a changing room, a floor-to-ceiling window and a glass-door wood stove.",
    full_description:
      "The CLT Studio 6 puts a changing room and a hot room in one solid-timber shell. The hot room has Finnish-style two-tier benches, a full-height window wall and a wood stove with 130 lbs of stones. The roof can be fitted with sedum trays.\n\n" +
      "It suits owners building a sauna as a permanent garden or lakeside building, who want wood heat and are ready to invest in a structure that lasts.\n\n" +
      "This is the most involved Ridgeplank install: crane delivery, a chimney, a foundation and often a permit. The window wall looks out but also lets people see in, so placement matters.",
    price: 34500,
    capacity: 6,
    dimensions: "10' L x 8' W x 8.5' H",
    weight_lbs: 5900,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove with glass door, 130 lbs of stones",
    key_features: [
      "Changing room and hot room in one CLT shell",
      "Glass-door wood stove",
      "Floor-to-ceiling window wall",
      "Green roof option with sedum trays",
      "Finnish-style two-tier benches",
    ],
    website: "https://ridgeplank.example/clt-studio-6",
    affiliate_link: "https://ridgeplank.example/clt-studio-6?ref=saunareviews",
    rating: 4.8,
    reviews_number: 11,
    review_count: "11",
    shipping_info: "Crane delivery quoted after a site survey",
    art: { shape: "clt", wood: "spruce", setting: "mountain", heater: "wood", accent: "#81b29a" },
  },
  {
    slug: "ridgeplank-clt-compact-2",
    name: "CLT Compact 2",
    brand: "Ridgeplank",
    category_id: "clt",
    tagline: "The smallest solid-timber sauna in the range.",
    description:
      "A two-person CLT sauna with a 4.5 kW electric heater, sized for courtyards and small gardens.",
    full_description:
      "The CLT Compact 2 uses the same solid cross-laminated timber walls as the larger Ridgeplank models in a footprint for two. A 4.5 kW heater on a 240 V / 25 A circuit warms it, and the thermowood exterior needs little upkeep.\n\n" +
      "It suits buyers who want the build quality of solid timber but only need room for one or two people.\n\n" +
      "Per person it is an expensive sauna, and it still needs crane or forklift delivery. A framed cube of the same size costs far less if solid timber is not a priority.",
    price: 15900,
    capacity: 2,
    dimensions: "6' L x 5' W x 7.5' H",
    weight_lbs: 2900,
    heater_type: "Electric",
    heater_spec: "4.5 kW stainless electric heater, 240 V / 25 A breaker",
    key_features: [
      "Solid cross-laminated timber walls",
      "Thermowood exterior",
      "One long bench for two",
      "Delivered fully assembled",
    ],
    website: "https://ridgeplank.example/clt-compact-2",
    affiliate_link: "https://ridgeplank.example/clt-compact-2?ref=saunareviews",
    rating: 4.5,
    reviews_number: 14,
    review_count: "14",
    shipping_info: "Crane delivery quoted after a site survey",
    art: { shape: "clt", wood: "thermowood", setting: "garden", heater: "electric", accent: "#e07a5f" },
  },
  {
    slug: "ridgeplank-clt-recovery-suite-8",
    name: "CLT Recovery Suite 8",
    brand: "Ridgeplank",
    category_id: "clt",
    tagline: "A large CLT sauna with a shower corner and plunge deck.",
    description:
      "An eight-person CLT sauna with a 15 kW heater, a shower corner and a deck sized for a cold plunge tub, aimed at gyms and teams.",
    full_description:
      "The CLT Recovery Suite 8 is Ridgeplank's largest model: a hot room for eight, a shower corner and an attached deck sized for a cold plunge tub. A 15 kW heater on a 240 V / 80 A circuit warms the larger volume, with app control for scheduling.\n\n" +
      "It suits gyms, sports clubs, rental properties and large households that run back-to-back sessions for groups.\n\n" +
      "It needs a heavy electrical service, water and drainage for the shower, a crane and a substantial foundation. The plunge tub is not included. For a household of four it is more building than most people need.",
    price: 38000,
    capacity: 8,
    dimensions: "12' L x 8' W x 8.5' H",
    weight_lbs: 6800,
    heater_type: "Electric (WiFi-controlled)",
    heater_spec: "15 kW stainless electric heater with app control, 240 V / 80 A breaker",
    key_features: [
      "Hot room, shower corner and plunge deck",
      "Built for team and group recovery sessions",
      "Solid cross-laminated timber walls",
      "WiFi heater control with scheduling",
      "Three-tier benches",
    ],
    website: "",
    affiliate_link: "https://ridgeplank.example/clt-recovery-suite-8?ref=saunareviews",
    rating: 4.6,
    reviews_number: 8,
    review_count: "8",
    shipping_info: "Crane delivery quoted after a site survey",
    art: { shape: "clt", wood: "charred", setting: "coast", heater: "electric", accent: "#ffd166" },
  },

  // Fernhollow Builders: made-to-order saunas; prices are for the base configuration.
  {
    slug: "fernhollow-custom-cabin-sauna",
    name: "Custom Cabin Sauna",
    brand: "Fernhollow Builders",
    category_id: "custom",
    tagline: "A sauna cabin built to your drawings and your site.",
    description:
      "A made-to-order six-person sauna cabin; the price shown is the base configuration with a wood stove and cedar interior.",
    full_description:
      "Fernhollow builds each Custom Cabin to order. The base configuration is a six-person hot room with a changing room and a wood stove holding 110 lbs of stones; layout, windows, wood species and heater can all be changed at the design stage.\n\n" +
      "It suits owners with an awkward site, a specific look in mind or a wish to match an existing house. Natural oil finishes and reclaimed timber are available on request.\n\n" +
      "Lead times are long and the final price depends on the design, so the listed price is only a starting point. Delivery and placement are quoted separately for each site.",
    price: 26000,
    capacity: 6,
    dimensions: "8' L x 8' W x 8' H",
    weight_lbs: 3600,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove, 110 lbs of stones (electric heater available)",
    key_features: [
      "Built to your drawings and site",
      "Choice of cedar, spruce or thermowood",
      "Reclaimed and FSC-certified timber available",
      "Eco-friendly natural oil finishes",
      "Separate changing room",
    ],
    website: "https://fernhollow.example/custom-cabin",
    affiliate_link: "https://fernhollow.example/custom-cabin?ref=saunareviews",
    rating: 4.9,
    reviews_number: 12,
    review_count: "12",
    shipping_info: "Delivery and placement quoted per site",
    art: { shape: "cabin", wood: "cedar", setting: "forest", heater: "wood", accent: "#a44a3f" },
  },
  {
    slug: "fernhollow-custom-lakeside-sauna",
    name: "Custom Lakeside Sauna",
    brand: "Fernhollow Builders",
    category_id: "custom",
    tagline: "A made-to-order wood-fired sauna for the water's edge.",
    description:
      "A four-person made-to-order sauna with a wide lake-facing window and a wood stove, built on skids or piers for shoreline sites.",
    full_description:
      "The Custom Lakeside is designed for shoreline plots: a four-person hot room with a wide window facing the water, a wood stove with 88 lbs of stones, and a base on skids or piers to suit uneven or damp ground.\n\n" +
      "It suits lake and river properties where the sauna sits close to the water for cooling off between rounds.\n\n" +
      "Shoreline building often needs permits and setbacks that can take longer than the build itself. As with all Fernhollow models, the price depends on the final design.",
    price: 19500,
    capacity: 4,
    dimensions: "8' L x 6' W x 7.5' H",
    weight_lbs: 2900,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove with glass door, 88 lbs of stones",
    key_features: [
      "Wide lake-facing window",
      "Base on skids or piers for uneven ground",
      "Glass-door wood stove",
      "Made to order in cedar or thermowood",
    ],
    website: "https://fernhollow.example/custom-lakeside",
    affiliate_link: "https://fernhollow.example/custom-lakeside?ref=saunareviews",
    rating: 4.7,
    reviews_number: 9,
    review_count: "9",
    shipping_info: "Delivery and placement quoted per site",
    art: { shape: "cabin", wood: "thermowood", setting: "lake", heater: "wood", accent: "#335c67" },
  },
  {
    slug: "fernhollow-custom-garden-sauna",
    name: "Custom Garden Sauna",
    brand: "Fernhollow Builders",
    category_id: "custom",
    tagline: "A small made-to-order electric sauna for the garden.",
    description:
      "A two-person made-to-order sauna with a 4.5 kW electric heater, sized to fit between planting beds or against a fence.",
    full_description:
      "The Custom Garden is Fernhollow's smallest design: a two-person hot room with a 4.5 kW electric heater on a 240 V / 25 A circuit, in a shape and finish chosen to suit the garden.\n\n" +
      "It suits urban and suburban yards where a standard kit will not fit the space or the look of the house.\n\n" +
      "A made-to-order sauna for two costs more than a comparable kit, and lead times are longer. If the space fits a standard size, a kit is the cheaper route.",
    price: 14500,
    capacity: 2,
    dimensions: "5' L x 5' W x 7' H",
    weight_lbs: 1200,
    heater_type: "Electric",
    heater_spec: "4.5 kW stainless electric heater, 240 V / 25 A breaker",
    key_features: [
      "Shape and cladding made to fit the site",
      "Choice of roof profile",
      "Hemlock or aspen benches",
      "Electrical plan prepared for your electrician",
    ],
    website: "https://fernhollow.example/custom-garden",
    affiliate_link: "https://fernhollow.example/custom-garden?ref=saunareviews",
    rating: 4.6,
    reviews_number: 10,
    review_count: "10",
    shipping_info: "Delivery and placement quoted per site",
    art: { shape: "modern", wood: "hemlock", setting: "garden", heater: "electric", accent: "#9c6644" },
  },
  {
    slug: "fernhollow-custom-barrel-sauna",
    name: "Custom Barrel Sauna",
    brand: "Fernhollow Builders",
    category_id: "custom",
    tagline: "A hand-built barrel with the options you choose.",
    description:
      "A four-person cedar barrel built to order with a porch and a wood stove; length, window and door position are chosen at order.",
    full_description:
      "The Custom Barrel is a clear-cedar barrel built in Fernhollow's shop rather than from a kit. The base configuration seats four, has a small porch and a wood stove with 66 lbs of stones; length, windows and door position can be changed.\n\n" +
      "It suits buyers who like the barrel shape but want details a standard kit does not offer, such as a side door or a second window.\n\n" +
      "It costs more than a similar kit barrel, and the barrel shape still limits headroom and lying space. Bands need seasonal adjustment as on any barrel.",
    price: 12400,
    capacity: 4,
    dimensions: "6' D x 8' L",
    weight_lbs: 1350,
    heater_type: "Wood-burning",
    heater_spec: "Stainless wood stove, 66 lbs of stones, 6 in flue",
    key_features: [
      "Shop-built clear cedar barrel",
      "Choice of length, windows and door position",
      "Covered porch",
      "Wood stove with guard",
    ],
    website: "https://fernhollow.example/custom-barrel",
    affiliate_link: "https://fernhollow.example/custom-barrel?ref=saunareviews",
    rating: 4.5,
    reviews_number: 16,
    review_count: "16",
    shipping_info: "$499 freight",
    art: { shape: "barrel", wood: "cedar", setting: "mountain", heater: "wood", accent: "#6d597a" },
  },

  // Quietwater Heat: electric sauna cabins.
  {
    slug: "quietwater-classic-4-electric-sauna-cabin",
    name: "Classic 4 Electric Sauna Cabin",
    brand: "Quietwater Heat",
    category_id: "cabin",
    tagline: "A straightforward electric cabin for four.",
    description:
      "A four-person cedar cabin with a 6 kW electric heater and loose stones, shipped as a panel kit.",
    full_description:
      "The Classic 4 is a square cedar cabin with upper and lower benches and a 6 kW electric heater with loose stones for steam. It ships as pre-built wall panels on a 240 V / 30 A circuit.\n\n" +
      "It suits buyers who want a traditional-feeling sauna without the work of a wood stove, at a price below most cabins of its size.\n\n" +
      "The roof is a simple felt-covered panel that should be shingled or covered in wet climates. There is no changing room, and the heater needs an electrician to connect it.",
    price: 9200,
    capacity: 4,
    dimensions: "6' L x 6' W x 7' H",
    weight_lbs: 1250,
    heater_type: "Electric",
    heater_spec: "6 kW stainless electric heater, 240 V / 30 A breaker",
    key_features: [
      "Finnish-style electric heater with loose stones",
      "Upper and lower cedar benches",
      "Pre-built wall panels",
      "Tempered glass door",
    ],
    website: "https://quietwater.example/classic-4",
    affiliate_link: "https://quietwater.example/classic-4?ref=saunareviews",
    rating: 4.4,
    reviews_number: 132,
    review_count: "130+",
    shipping_info: "Free curbside delivery in the contiguous US",
    art: { shape: "cabin", wood: "cedar", setting: "garden", heater: "electric", accent: "#264653" },
  },
  {
    slug: "quietwater-nordic-6-electric-sauna-cabin",
    name: "Nordic 6 Electric Sauna Cabin",
    brand: "Quietwater Heat",
    category_id: "cabin",
    tagline: "A six-person electric cabin with WiFi control.",
    description:
      "A six-person hemlock cabin with a changing nook and a 9 kW WiFi-controlled heater.",
    full_description:
      "The Nordic 6 is a larger Quietwater cabin with a small changing nook by the door, L-shaped benches for six and a 9 kW heater that can be started from a phone. It needs a 240 V / 50 A circuit.\n\n" +
      "It suits families who want a roomy electric sauna they can warm up on a schedule, particularly in cold climates where the hemlock walls and insulated roof help hold heat.\n\n" +
      "The changing nook is tight for more than one person at a time. At this size the electrical work is a real cost, so get a quote from an electrician before ordering.",
    price: 14900,
    capacity: 6,
    dimensions: "8' L x 7' W x 7.5' H",
    weight_lbs: 2200,
    heater_type: "Electric (WiFi-controlled)",
    heater_spec: "9 kW stainless electric heater with WiFi control, 240 V / 50 A breaker",
    key_features: [
      "L-shaped benches for six",
      "Changing nook by the door",
      "WiFi heater control",
      "Insulated roof",
      "Hemlock walls",
    ],
    website: "https://quietwater.example/nordic-6",
    affiliate_link: "https://quietwater.example/nordic-6?ref=saunareviews",
    rating: 4.5,
    reviews_number: 64,
    review_count: "60+",
    shipping_info: "$499 freight",
    art: { shape: "cabin", wood: "hemlock", setting: "snow", heater: "electric", accent: "#e76f51" },
  },
  {
    slug: "quietwater-traditional-2-sauna",
    name: "Traditional 2 Sauna",
    brand: "Quietwater Heat",
    category_id: "traditional",
    tagline: "A small traditional sauna with an electric stone heater.",
    description:
      "A two-person cedar sauna with a tall hot room and a 3.5 kW electric heater on a 240 V / 20 A circuit.",
    full_description:
      "The Traditional 2 keeps the tall proportions of a Finnish hot room in a small footprint, with an upper bench for two and a 3.5 kW electric heater with stones.\n\n" +
      "It suits one or two people who want traditional heat and steam with the convenience of electric, and who have a small corner of the yard to spare.\n\n" +
      "It is tight for two adults lying down, and there is no room for guests. The small heater suits the small room but will struggle if the door is opened often in winter.",
    price: 6400,
    capacity: 2,
    dimensions: "5' L x 4' W x 7' H",
    weight_lbs: 950,
    heater_type: "Electric",
    heater_spec: "3.5 kW stainless electric heater, 240 V / 20 A breaker",
    key_features: [
      "Tall hot room with upper bench",
      "Electric heater with stones for steam",
      "Cedar interior",
      "Small footprint",
    ],
    website: "https://quietwater.example/traditional-2",
    affiliate_link: "https://quietwater.example/traditional-2?ref=saunareviews",
    rating: 4,
    reviews_number: 45,
    review_count: "45+",
    shipping_info: "Free Shipping",
    art: { shape: "cabin", wood: "cedar", setting: "coast", heater: "electric", accent: "#2a9d8f" },
  },

  // Northstave: budget kits.
  {
    slug: "northstave-cabin-4-outdoor-sauna",
    name: "Cabin 4 Outdoor Sauna",
    brand: "Northstave",
    category_id: "cabin",
    tagline: "A low-cost wood-fired pine cabin kit.",
    description:
      "A four-person pine cabin kit with pre-cut walls and a steel wood stove, for buyers on a tight budget.",
    full_description:
      "The Cabin 4 is a simple pine sauna kit: pre-cut interlocking wall boards, a gable roof to be shingled by the buyer and a steel wood stove with 55 lbs of stones.\n\n" +
      "It suits handy owners who are comfortable with a multi-day assembly and want a wood-fired sauna for the least money. The pine comes from sustainable plantation forestry.\n\n" +
      "Finish quality is basic, the pine is softer and more resinous than cedar, and the steel stove will not last as long as a stainless one. Roofing material is not included.",
    price: 6900,
    capacity: 4,
    dimensions: "6' L x 5' W x 7' H",
    weight_lbs: 1100,
    heater_type: "Wood-burning",
    heater_spec: "Steel wood stove, 55 lbs of stones",
    key_features: [
      "Pre-cut interlocking pine walls",
      "Steel wood stove with chimney section",
      "Sustainable plantation pine",
      "Gable roof ready for shingles",
    ],
    website: "https://northstave.example/cabin-4",
    affiliate_link: "https://northstave.example/cabin-4?ref=saunareviews",
    rating: 3.8,
    reviews_number: 201,
    review_count: "200+",
    shipping_info: "$299 freight",
    art: { shape: "cabin", wood: "pine", setting: "forest", heater: "wood", accent: "#bc4749" },
  },
  {
    slug: "northstave-barrel-4-sauna",
    name: "Barrel 4 Sauna",
    brand: "Northstave",
    category_id: "barrel",
    tagline: "An entry-level wood-fired spruce barrel.",
    description:
      "A four-person spruce barrel with a steel wood stove, one of the least expensive ways to own a wood-fired sauna.",
    full_description:
      "The Barrel 4 is a spruce barrel sauna with 1.25 in staves, galvanised bands and a steel wood stove holding 44 lbs of stones. It arrives as a kit with pre-cut staves and end walls.\n\n" +
      "It suits first-time owners who want to try a wood-fired sauna at a low price and do not mind some assembly.\n\n" +
      "Thinner spruce staves hold heat less well than thicker cedar and need a protective finish outdoors. The galvanised bands and steel stove are the main places the low price shows.",
    price: 5200,
    capacity: 4,
    dimensions: "6' D x 6' L",
    weight_lbs: 880,
    heater_type: "Wood-burning",
    heater_spec: "Steel wood stove, 44 lbs of stones",
    key_features: [
      "Spruce staves, 1.25 in thick",
      "Galvanised steel bands",
      "Steel wood stove",
      "Pre-cut kit with end walls",
    ],
    website: "https://northstave.example/barrel-4",
    affiliate_link: "https://northstave.example/barrel-4?ref=saunareviews",
    rating: 3.6,
    reviews_number: 318,
    review_count: "300+",
    shipping_info: "Free Shipping",
    art: { shape: "barrel", wood: "spruce", setting: "snow", heater: "wood", accent: "#577590" },
  },
  {
    slug: "northstave-barrel-6-electric-sauna",
    name: "Barrel 6 Electric Sauna",
    brand: "Northstave",
    category_id: "barrel",
    tagline: "A six-person thermowood barrel with an 8 kW heater.",
    description:
      "A six-person thermowood barrel with an 8 kW electric heater, at a price below most barrels of its size.",
    full_description:
      "The Barrel 6 Electric is a 7 ft barrel in thermally modified wood, which resists rot and movement better than untreated spruce. An 8 kW heater on a 240 V / 40 A circuit heats it.\n\n" +
      "It suits families who want room for six and the convenience of electric heat on a budget.\n\n" +
      "There is no porch or changing room, the door is solid wood without a window, and the heater needs an electrician. Thermowood greys quickly outdoors unless it is oiled.",
    price: 7800,
    capacity: 6,
    dimensions: "7' D x 7' L",
    weight_lbs: 1300,
    heater_type: "Electric",
    heater_spec: "8 kW stainless electric heater, 240 V / 40 A breaker",
    key_features: [
      "Thermally modified wood staves",
      "Two benches seating six",
      "Stainless steel bands",
      "Solid wood door",
    ],
    website: "https://northstave.example/barrel-6-electric",
    affiliate_link: "https://northstave.example/barrel-6-electric?ref=saunareviews",
    rating: 4,
    reviews_number: 156,
    review_count: "150+",
    shipping_info: "Free Shipping",
    art: { shape: "barrel", wood: "thermowood", setting: "coast", heater: "electric", accent: "#43aa8b" },
  },
];
