import type { ArticleAuthor } from "~/lib/learn/articles";
import { AuthorAvatar } from "./author-avatar";
import { Byline } from "./byline";

const authorPath = (person: ArticleAuthor) => (person.slug ? `/learn/author/${person.slug}` : null);

/** Who wrote the article and who tested what it describes: the author's photo (or initials), both names, the author's role. */
export function AuthorLine({ author, tester }: { author: ArticleAuthor; tester: ArticleAuthor }) {
  return (
    <div className="flex items-center gap-3">
      {/* The name is right beside it. */}
      <AuthorAvatar name={author.name} image={author.image} decorative />
      <p className="leading-tight">
        <span className="block text-ink-muted">
          <Byline writer={{ name: author.name, href: authorPath(author) }} tester={{ name: tester.name, href: authorPath(tester) }} />
        </span>
        <span className="mt-0.5 block text-sm text-ink-muted">{author.title}</span>
      </p>
    </div>
  );
}
