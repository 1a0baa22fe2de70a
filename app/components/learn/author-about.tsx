import { BadgeCheck, ExternalLink } from "~/components/ui/icons";
import { profileLinkLabel } from "~/lib/learn/author-profile";
import type { LearnAuthorPage } from "~/lib/learn/learn-pages";
import { AuthorAvatar } from "./author-avatar";

/**
 * Who the author is, in parts a reader can check: photo (or initials), role, credentials, bio,
 * and their profiles elsewhere, each a link that says which site it goes to.
 */
export function AuthorAbout({ author }: { author: LearnAuthorPage["author"] }) {
  return (
    <section aria-labelledby="author-about" className="mb-12 flex max-w-3xl flex-col gap-5 sm:flex-row sm:items-start">
      <AuthorAvatar name={author.name} image={author.image} imageAlt={author.imageAlt} size="lg" />
      <div className="min-w-0">
        <h2 id="author-about" className="text-2xl font-semibold tracking-tight">
          About {author.name}
        </h2>
        {author.title && <p className="mt-1 font-semibold text-ink">{author.title}</p>}
        {author.credentials && (
          <p className="mt-2 flex items-start gap-2 text-ink-muted" data-testid="author-credentials">
            <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
            <span>{author.credentials}</span>
          </p>
        )}
        {author.bioHtml && <div className="article-prose mt-4" dangerouslySetInnerHTML={{ __html: author.bioHtml }} />}
        {author.profileLinks.length > 0 && (
          <div className="mt-5">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-ink-muted">Elsewhere</h3>
            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {author.profileLinks.map((link) => (
                <li key={link} className="min-w-0">
                  <a
                    href={link}
                    rel="me noopener"
                    className="inline-flex items-center gap-1.5 break-all font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
                  >
                    {profileLinkLabel(link)}
                    <ExternalLink aria-hidden className="size-4 shrink-0" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
