import type { ArticleFields } from "./article-fields";
import { lineDiff, type DiffLine } from "./line-diff";

/** Between two revisions of an article: which fields changed, each as a readable line diff. */

const FIELD_LABELS: Record<keyof ArticleFields, string> = {
  title: "Title",
  slug: "Slug",
  excerpt: "Description",
  metaTitle: "Title for search results",
  metaDescription: "Description for search results",
  categorySlug: "Category",
  tags: "Tags",
  authorId: "Author",
  testerId: "Tested by",
  image: "Hero picture",
  imageAlt: "Picture description",
  featured: "Featured",
  body: "Body",
  readTimeMinutes: "Read time",
};

export interface FieldDiff {
  field: string;
  label: string;
  lines: DiffLine[];
}

function asText(value: ArticleFields[keyof ArticleFields]): string {
  if (Array.isArray(value)) return value.join(", ");
  if (value === null) return "";
  return String(value);
}

export function revisionDiff(before: ArticleFields, after: ArticleFields): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const field of Object.keys(FIELD_LABELS) as (keyof ArticleFields)[]) {
    const a = asText(before[field]);
    const b = asText(after[field]);
    if (a !== b) diffs.push({ field, label: FIELD_LABELS[field], lines: lineDiff(a, b) });
  }
  return diffs;
}

/** The same between two saves of a form kept as its values (a product's or a review's revisions), by the form's labels. */
export function valuesDiff(
  labels: readonly (readonly [string, string])[],
  before: Record<string, string | string[]>,
  after: Record<string, string | string[]>,
): FieldDiff[] {
  const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join("\n") : (value ?? ""));
  const diffs: FieldDiff[] = [];
  for (const [field, label] of labels) {
    const a = text(before[field]);
    const b = text(after[field]);
    if (a !== b) diffs.push({ field, label, lines: lineDiff(a, b) });
  }
  return diffs;
}
