import { Link } from "~/components/ui/link";
import { KNOWLEDGE_CENTER_NAME } from "~/lib/learn/articles";
import { CategoryPills } from "./category-pills";

/**
 * The top band of the listing pages (/learn, a category, a tag): title, one line of intro and the
 * category pills.
 */
export function LearnPageHeader({
  title,
  description,
  activePill,
  linkToKnowledgeCenter = false,
}: {
  title: React.ReactNode;
  description: string;
  /** The href of the pill to highlight, if any. */
  activePill?: string;
  /** Sub-pages show "Sauna Knowledge Center" above the title, linking back to /learn. */
  linkToKnowledgeCenter?: boolean;
}) {
  return (
    <header className="border-b border-line bg-sand">
      <div className="page-container pb-6 pt-10 md:pb-8 md:pt-14">
        {linkToKnowledgeCenter && (
          <Link to="/learn" className="mb-3 inline-block text-sm font-semibold uppercase tracking-wider text-brand hover:text-brand-strong">
            {KNOWLEDGE_CENTER_NAME}
          </Link>
        )}
        <h1 className=" text-[2.25rem] font-semibold leading-[1.1] tracking-tight md:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">{description}</p>
        <CategoryPills activeHref={activePill} className="mt-8" />
      </div>
    </header>
  );
}
