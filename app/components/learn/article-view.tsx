import type { Article } from "~/lib/learn/articles";
import { responsiveImage } from "~/lib/images/image-url";
import { ArticleBody } from "./article-body";
import { ArticleHeader } from "./article-header";
import { ArticleTags } from "./article-tags";
import { WhatChanged } from "~/components/site/what-changed";
import type { UpdateNoteView } from "~/lib/updates/update-notes";
import { MAIN_PICTURE } from "~/lib/site/main-picture";

/** The article column: the page width less its margins, at most 736 px (624 px beside the sidebar at lg). */
const ARTICLE_HERO_SIZES =
  "(min-width: 1280px) 736px, (min-width: 1024px) 624px, (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)";

/** One article as a reader sees it: header, hero picture, text and tags. */
export function ArticleView({ article, updateNotes = [] }: { article: Article; updateNotes?: readonly UpdateNoteView[] }) {
  return (
    <article className="min-w-0">
      <ArticleHeader article={article} />
      <img
        {...responsiveImage(article.image, "landscape", ARTICLE_HERO_SIZES)}
        alt={article.imageAlt}
        width={1600}
        height={900}
        {...MAIN_PICTURE}
        className="mt-8 aspect-[16/9] w-full rounded-card bg-sand object-cover"
      />
      <ArticleBody html={article.html} />
      <WhatChanged notes={updateNotes} className="mt-10" />
      <ArticleTags tags={article.tags} />
    </article>
  );
}
