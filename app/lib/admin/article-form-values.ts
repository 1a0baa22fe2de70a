import type { ArticleFields } from "./article-fields";

/**
 * A saved article as the editor's form sends it (tags joined as the tag input joins them, the
 * featured box "on" when ticked), with the editor's labels: what a save conflict compares and
 * names, field by field (docs/decisions/0103-no-silent-overwrite.md).
 */

export const ARTICLE_FIELD_LABELS: readonly (readonly [keyof ArticleFields, string])[] = [
  ["title", "Title"],
  ["slug", "Slug"],
  ["excerpt", "Description"],
  ["metaTitle", "Title for search results"],
  ["metaDescription", "Description for search results"],
  ["categorySlug", "Category"],
  ["tags", "Tags"],
  ["authorId", "Author"],
  ["testerId", "Tested by"],
  ["image", "Hero picture"],
  ["imageAlt", "Picture description"],
  ["featured", "Featured"],
  ["body", "Body"],
  ["readTimeMinutes", "Read time"],
];

export function articleFormValues(fields: ArticleFields): Record<keyof ArticleFields, string> {
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    metaTitle: fields.metaTitle,
    metaDescription: fields.metaDescription,
    categorySlug: fields.categorySlug,
    tags: fields.tags.join(", "),
    authorId: fields.authorId === null ? "" : String(fields.authorId),
    testerId: fields.testerId === null ? "" : String(fields.testerId),
    image: fields.image,
    imageAlt: fields.imageAlt,
    featured: fields.featured ? "true" : "",
    body: fields.body,
    readTimeMinutes: fields.readTimeMinutes === null ? "" : String(fields.readTimeMinutes),
  };
}
