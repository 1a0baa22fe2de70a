import { Link } from "~/components/ui/link";
import { ArrowLeft, CalendarDays, Clock, RefreshCw, type SpriteIconComponent } from "~/components/ui/icons";
import type { Article } from "~/lib/learn/articles";
import { formatLongUsDate, formatMonthYear } from "~/lib/text/dates";
import { AuthorLine } from "./author-line";

/** The top of an article: the way back, its category, title, excerpt, author and dates. */
export function ArticleHeader({ article }: { article: Article }) {
  return (
    <header>
      <Link to="/learn" className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-muted hover:text-brand">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Knowledge Center
      </Link>
      <p className="mt-8">
        <Link
          to={`/learn/category/${article.categorySlug}`}
          className="inline-flex h-7 items-center rounded-full bg-brand-soft px-3 text-xs font-bold uppercase tracking-wider text-brand-strong hover:bg-sand-strong"
        >
          {article.category}
        </Link>
      </p>
      <h1 className="mt-4 text-[2rem] font-semibold leading-[1.12] tracking-tight md:text-[2.75rem]">{article.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted md:text-xl">{article.excerpt}</p>
      <div className="mt-6 flex flex-col gap-3 border-y border-line py-4">
        <AuthorLine author={article.author} tester={article.tester} />
        {/* Icons rather than separators: no line on a phone starts with a stray dot. */}
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
          <Fact icon={CalendarDays}>
            Published <time dateTime={article.publishDate}>{formatLongUsDate(article.publishDate)}</time>
          </Fact>
          {article.lastUpdated && (
            <Fact icon={RefreshCw}>
              Updated <time dateTime={article.lastUpdated}>{formatMonthYear(article.lastUpdated)}</time>
            </Fact>
          )}
          <Fact icon={Clock}>{article.readTime}</Fact>
        </ul>
      </div>
    </header>
  );
}

/** One of the article's dates or its read time, marked by an icon. */
function Fact({ icon: Icon, children }: { icon: SpriteIconComponent; children: React.ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <Icon aria-hidden className="size-4 shrink-0" />
      <span>{children}</span>
    </li>
  );
}
