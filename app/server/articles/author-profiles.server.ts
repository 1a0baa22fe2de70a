import { categoryLabel, productHref } from "~/lib/catalog/product-display";
import { knowsAboutTopics, profileLinksFromJson, type AuthorProfile, type AuthorReview } from "~/lib/learn/author-profile";
import type { AuthorRow } from "./article-rows.server";

/**
 * Who wrote and who tested what, worked out from the stored rows: each author's profile (with the
 * topics of what they wrote and tested) and the reviews whose reviewer or tester has their name.
 * A review names people by name (the product CSV and form do), so a name matches an author of
 * that name in any letter case.
 */

export interface ReviewRow {
  slug: string;
  name: string;
  reviewer: string | null;
  tester: string | null;
  tested_on: string | null;
  category_id: string | null;
  is_sample: boolean | number;
}

export interface AuthorCredits {
  /** By author id. */
  profiles: Map<number, AuthorProfile>;
  /** By author id; newest test first. */
  reviews: Map<number, AuthorReview[]>;
}

export const nameKey = (name: string | null | undefined): string => (name ?? "").trim().toLowerCase();

export function authorCredits(
  authors: readonly AuthorRow[],
  articles: readonly { authorId: number | null; tags: readonly string[] }[],
  products: readonly ReviewRow[],
): AuthorCredits {
  const idByName = new Map<string, number>();
  // The oldest author of a name is the one a review's name links to, as on the review itself.
  for (const author of [...authors].sort((a, b) => Number(a.id) - Number(b.id)))
    if (!idByName.has(nameKey(author.name))) idByName.set(nameKey(author.name), Number(author.id));

  const reviews = new Map<number, AuthorReview[]>();
  const testedKinds = new Map<number, string[]>();
  for (const product of products) {
    const wrote = idByName.get(nameKey(product.reviewer));
    const tested = idByName.get(nameKey(product.tester) || nameKey(product.reviewer));
    for (const id of new Set([wrote, tested])) {
      if (id === undefined) continue;
      const role = id === wrote && id === tested ? "Wrote and tested" : id === tested ? "Tested" : "Wrote";
      const list = reviews.get(id) ?? [];
      list.push({
        name: product.name,
        href: productHref(product),
        role,
        testedOn: product.tested_on,
        isSample: product.is_sample === true || product.is_sample === 1,
      });
      reviews.set(id, list);
      if (id === tested) testedKinds.set(id, [...(testedKinds.get(id) ?? []), `${categoryLabel(product.category_id)} saunas`]);
    }
  }
  for (const list of reviews.values())
    list.sort((a, b) => (b.testedOn ?? "").localeCompare(a.testedOn ?? "") || a.name.localeCompare(b.name));

  const profiles = new Map<number, AuthorProfile>();
  for (const author of authors) {
    const id = Number(author.id);
    profiles.set(id, {
      slug: author.slug,
      name: author.name,
      title: author.title,
      credentials: author.credentials,
      image: author.image,
      imageAlt: author.image_alt,
      profileLinks: profileLinksFromJson(author.profile_links),
      knowsAbout: knowsAboutTopics(
        articles.filter((article) => article.authorId === id).map((article) => article.tags),
        testedKinds.get(id) ?? [],
      ),
    });
  }
  return { profiles, reviews };
}

/** The profiles by lower-case name, for a review that names its people by name. */
export function profilesByName(credits: AuthorCredits): Map<string, AuthorProfile> {
  const byName = new Map<string, AuthorProfile>();
  for (const [, profile] of [...credits.profiles].sort(([a], [b]) => a - b))
    if (!byName.has(nameKey(profile.name))) byName.set(nameKey(profile.name), profile);
  return byName;
}
