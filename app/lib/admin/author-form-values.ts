import type { AuthorFields } from "./author-form";

// Apart from the form's schema (author-form.ts): the page's component needs these values, and the
// schema's zod objects, built in the browser, made zod probe for eval, which the site's
// Content-Security-Policy refuses and reports.

/** The form's values for a saved author: what the edit form shows and a save conflict compares. */
export function authorFormValues(author: {
  name: string;
  slug: string;
  title: string;
  credentials: string;
  bio: string;
  image: string | null;
  imageAlt: string;
  profileLinks: readonly string[];
}): Record<keyof AuthorFields, string> {
  return {
    name: author.name,
    slug: author.slug,
    title: author.title,
    credentials: author.credentials,
    bio: author.bio,
    image: author.image ?? "",
    imageAlt: author.imageAlt,
    profileLinks: author.profileLinks.join("\n"),
  };
}
