import { Info } from "~/components/ui/icons";
import { leftSomethingOut, MAX_COMPARE, type CompareView } from "~/lib/compare/compare";

/** What the comparison left out of the URL's list: unknown slugs, and any past the first MAX_COMPARE. */
export function CompareNotice({ unknownSlugs, truncated }: Pick<CompareView, "unknownSlugs" | "truncated">) {
  if (!leftSomethingOut({ unknownSlugs, truncated })) return null;
  return (
    <div
      role="note"
      data-testid="compare-notice"
      className="mt-5 flex items-start gap-2 rounded-card border border-line bg-sand/60 px-4 py-3 text-sm"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>
        {unknownSlugs.length > 0 && (
          <p>
            Not found, so left out:{" "}
            {unknownSlugs.map((slug, index) => (
              <span key={slug}>
                {index > 0 && ", "}
                <code className="font-medium">{slug}</code>
              </span>
            ))}
            .
          </p>
        )}
        {truncated && <p>Only the first {MAX_COMPARE} saunas named are compared.</p>}
      </div>
    </div>
  );
}
