import { KNOWLEDGE_CENTER_NAME, type Article, type ArticleSummary, type ArticleTag } from "./articles";
import type { AuthorProfile, AuthorReview } from "./author-profile";
import type { UpdateNoteView } from "../updates/update-notes";

/**
 * What each Knowledge Center screen shows: the view models the page modules in
 * app/server/pages/ build and the /learn routes and components/learn/ render. Pure, so the
 * components never import from a server module.
 */

/** Every /learn page names its own address and a picture for social cards. */
interface LearnPageLinks {
  /** Absolute URL of the page. */
  canonicalUrl: string;
  /** Absolute URL of the social image; the site's default picture when missing. */
  imageUrl: string | undefined;
}

/** /learn */
export interface LearnIndexPage extends LearnPageLinks {
  featured: ArticleSummary[];
  /** The six newest articles, featured ones included. */
  latest: ArticleSummary[];
}

/** /learn/category/{slug}; an unknown category is the same page with no articles. */
export interface LearnCategoryPage extends LearnPageLinks {
  title: string;
  description: string;
  /** The href of the highlighted pill; none for an unknown category. */
  activePill: string | undefined;
  articles: ArticleSummary[];
}

/** /learn/tag/{slug} */
export interface LearnTagPage extends LearnPageLinks {
  tag: ArticleTag;
  /** "Articles tagged “Safety”" */
  title: string;
  /** The intro line, also the meta description. */
  description: string;
  articles: ArticleSummary[];
}

/** /learn/{slug} */
export interface ArticlePage extends LearnPageLinks {
  article: Article;
  /** Its public update notes, newest first ("What changed"). */
  updateNotes: UpdateNoteView[];
  /** The same category's other articles. */
  related: ArticleSummary[];
  /** The newest other articles, offered only while `related` is empty. */
  more: ArticleSummary[];
}

/** /learn/author/{slug}: who the author is and the articles they wrote, newest first. */
export interface LearnAuthorPage extends LearnPageLinks {
  author: AuthorProfile & {
    /** The bio rendered and sanitized as an article body is. */
    bioHtml: string;
    /** The bio as plain text, for the meta description and the Person's description. */
    bioText: string;
  };
  articles: ArticleSummary[];
  /** The reviews they wrote or tested, newest test first. */
  reviews: AuthorReview[];
}

/** The intro of /learn: the page's meta description. */
export const LEARN_INDEX_DESCRIPTION =
  "Practical guides for outdoor sauna buyers and owners: buying advice, infrared vs traditional, health and safe bathing, maintenance routines and DIY projects.";

/** The line under the h1 of /learn. */
export const LEARN_INDEX_INTRO =
  "Straight answers for buying, using and looking after an outdoor sauna: what to compare before you order, how to bathe safely, and the routines and projects that keep it in shape.";

export function tagPageTitle(tagName: string): string {
  return `Articles tagged “${tagName}”`;
}

export function tagPageDescription(tagName: string, count: number): string {
  return `${count === 1 ? "One article" : `${count} articles`} in the ${KNOWLEDGE_CENTER_NAME} tagged “${tagName}”, newest first.`;
}
