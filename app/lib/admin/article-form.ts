import { z } from "zod";
import { ARTICLE_CATEGORY_SLUGS, KNOWLEDGE_CENTER_NAME } from "~/lib/learn/articles";
import { checkbox, text } from "~/lib/forms/form-fields";
import {
  ARTICLE_BODY_MAX,
  ARTICLE_EXCERPT_MAX,
  ARTICLE_SLUG_PATTERN,
  ARTICLE_TAGS_MAX,
  ARTICLE_TITLE_MAX,
  splitTags,
  type ArticleFields,
} from "./article-fields";
import { searchTitle, SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX } from "~/lib/seo/search-snippet";
import { emptyHeaderMessage, tablesWithEmptyHeaders } from "./article-tables";

/**
 * The article editor's fields: their limits (the editor shows the same ones as it counts) and the
 * schema the server checks a save with. A draft needs only a title and a slug; publishing or
 * scheduling needs what the public page shows (articleReadyProblems).
 */

const sitePathOrEmpty = text({ max: 500 }).refine((value) => value === "" || /^\/(?![/\\])\S*$/.test(value), {
  message: "Upload a picture, or give a site path starting with / (e.g. /images/articles/x.webp).",
});

export const articleFormSchema = z
  .object({
    title: text({ required: "Give the article a title.", max: ARTICLE_TITLE_MAX }),
    slug: text({ required: "Give the article an address (slug).", max: 80 }).refine(
      (value) => value === "" || ARTICLE_SLUG_PATTERN.test(value),
      {
        message: "Use lower-case letters, digits and single hyphens (e.g. best-barrel-saunas).",
      },
    ),
    excerpt: text({ max: ARTICLE_EXCERPT_MAX }),
    metaTitle: text({ max: SEARCH_TITLE_MAX, tooLong: `Search results show ${SEARCH_TITLE_MAX} characters at most.` }),
    metaDescription: text({ max: SEARCH_DESCRIPTION_MAX, tooLong: `Search results show ${SEARCH_DESCRIPTION_MAX} characters at most.` }),
    categorySlug: z.enum(ARTICLE_CATEGORY_SLUGS, { error: "Choose a category." }),
    tags: text({ max: 1000 })
      .transform(splitTags)
      .refine((tags) => tags.length <= ARTICLE_TAGS_MAX, {
        message: `Use at most ${ARTICLE_TAGS_MAX} tags.`,
      }),
    authorId: text()
      .refine((value) => value === "" || /^\d{1,9}$/.test(value), { message: "Choose an author." })
      .transform((value) => (value ? Number(value) : null)),
    testerId: text()
      .refine((value) => value === "" || /^\d{1,9}$/.test(value), { message: "Choose who tested it." })
      .transform((value) => (value ? Number(value) : null)),
    image: sitePathOrEmpty,
    imageAlt: text({ max: 300 }),
    featured: checkbox(),
    body: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\r\n/g, "\n") : ""),
      z.string().max(ARTICLE_BODY_MAX, "The body is too long."),
    ),
    readTimeMinutes: text()
      .refine((value) => value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 120), {
        message: "Give whole minutes from 1 to 120, or leave it empty to count the words.",
      })
      .transform((value) => (value ? Number(value) : null)),
  })
  .transform((value): ArticleFields => value);

export type ArticleFieldName = keyof ArticleFields;

/** What stops an article going live, by field: an empty list means it can be published. */
export function articleReadyProblems(fields: ArticleFields): Partial<Record<ArticleFieldName, string>> {
  const problems: Partial<Record<ArticleFieldName, string>> = {};
  if (!fields.excerpt) problems.excerpt = "Write a short description: cards and search results show it.";
  if (!fields.metaDescription && fields.excerpt.length > SEARCH_DESCRIPTION_MAX) {
    problems.metaDescription = `The description is longer than search results show (${SEARCH_DESCRIPTION_MAX}); write a shorter one for them here.`;
  }
  if (!fields.metaTitle && searchTitle(fields.title, KNOWLEDGE_CENTER_NAME).endsWith("…")) {
    problems.metaTitle = `The title is longer than search results show (${SEARCH_TITLE_MAX}); write a shorter one for them here.`;
  }
  if (!fields.image) problems.image = "Upload a hero picture.";
  if (fields.image && !fields.imageAlt) problems.imageAlt = "Describe the picture for readers who cannot see it.";
  if (fields.tags.length === 0) problems.tags = "Give at least one tag.";
  if (!fields.body.trim()) problems.body = "Write the article.";
  else {
    const unnamed = tablesWithEmptyHeaders(fields.body);
    if (unnamed.length > 0) problems.body = unnamed.map(emptyHeaderMessage).join(" ");
  }
  return problems;
}
