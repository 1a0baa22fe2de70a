import { UserRound } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import type { ArticleAuthor } from "~/lib/learn/articles";
import { responsiveImage } from "~/lib/images/image-url";

/** Who wrote the article: photo (or a generic person icon when there is none), name and role. */
export function AuthorLine({ author }: { author: ArticleAuthor }) {
  return (
    <div className="flex items-center gap-3">
      {author.image ? (
        <img
          {...responsiveImage(author.image, "avatar", "48px")}
          // The name is right beside it.
          alt=""
          width={96}
          height={96}
          className="size-12 shrink-0 rounded-full bg-sand object-cover ring-1 ring-line"
        />
      ) : (
        <span
          data-testid="author-generic-avatar"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-sand text-ink-muted ring-1 ring-line"
        >
          <UserRound aria-hidden className="size-6" />
        </span>
      )}
      <p className="leading-tight">
        <span className="block font-semibold text-ink">
          <span className="sr-only">By </span>
          {author.slug ? (
            <Link to={`/learn/author/${author.slug}`} className="underline decoration-line underline-offset-4 hover:text-brand">
              {author.name}
            </Link>
          ) : (
            author.name
          )}
        </span>
        <span className="mt-0.5 block text-sm text-ink-muted">{author.title}</span>
      </p>
    </div>
  );
}
