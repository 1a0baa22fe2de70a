import { Link } from "~/components/ui/link";
import type { ArticleTag } from "~/lib/learn/articles";

/** The foot of an article: its tags, each leading to the tag's page. */
export function ArticleTags({ tags }: { tags: readonly ArticleTag[] }) {
  return (
    <footer className="mt-12 border-t border-line pt-6">
      <h2 className="font-sans text-xs font-bold uppercase tracking-wider text-ink-muted">Tags</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={`/learn/tag/${tag.slug}`}
              className="inline-flex h-9 items-center rounded-full border border-line bg-surface px-3.5 text-sm font-medium text-ink hover:border-ink-muted hover:bg-sand"
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </footer>
  );
}
