/**
 * What the sample site says about two of its sample articles' authors, so a fresh site shows a
 * complete author page: bio, credentials, photo description and profiles elsewhere. Invented like
 * the articles; the profile addresses are on the reserved .example domain, so no real person's
 * page is claimed. Keyed by the author's slug (made from the name in the articles' front matter).
 */

export interface SampleAuthorDetails {
  credentials: string;
  /** Markdown, rendered by the articles' renderer and sanitizer. */
  bio: string;
  /** Describes the photo named in the articles' front matter; empty when there is none. */
  imageAlt: string;
  profileLinks: string[];
}

export const sampleAuthorDetails: Record<string, SampleAuthorDetails> = {
  "maija-lehtonen": {
    credentials: "Certified sauna builder, 12 years building and testing wood-fired saunas",
    bio: [
      "Maija grew up with a lakeside smoke sauna in Central Finland and has built or rebuilt more than forty saunas since, from barrels to log cabins.",
      "",
      "For this site she heats every traditional and barrel sauna we review through at least **ten sessions**, logging warm-up times, bench temperatures and fuel use, and she checks every heater claim against the maker's manual.",
    ].join("\n"),
    imageAlt: "Maija Lehtonen, smiling, in front of a cedar barrel sauna",
    profileLinks: ["https://saunaguild.example/members/maija-lehtonen", "https://www.linkedin.example/in/maija-lehtonen"],
  },
  "tom-gallagher": {
    credentials: "Licensed carpenter, 15 years of outdoor builds and sauna kit assembly",
    bio: [
      "Tom is a carpenter who has assembled sauna kits, cabins and decks for clients since 2011.",
      "",
      "He times every kit we review from the first crate opened to the first heat-up, notes what the instructions leave out, and writes the DIY and maintenance guides from what went wrong.",
    ].join("\n"),
    imageAlt: "",
    profileLinks: ["https://carpenters.example/tom-gallagher"],
  },
};
