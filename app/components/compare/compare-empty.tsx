import { useEffect, useRef } from "react";
import { ButtonLink } from "~/components/ui/button";
import { MAX_COMPARE } from "~/lib/compare/compare";
import { takeLastColumnRemoval } from "./compare-table";

/** A comparison with no saunas in it: how to pick some. Focus comes here when the last column was removed. */
export function CompareEmpty() {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeLastColumnRemoval()) panel.current?.focus();
  }, []);
  return (
    <div ref={panel} tabIndex={-1} className="mt-8 rounded-card border border-dashed border-line bg-surface p-8 text-center">
      <p className="text-ink-muted">No saunas to compare yet. Use “Add to compare” on any review to pick up to {MAX_COMPARE}.</p>
      <ButtonLink to="/reviews" className="mt-5">
        Browse All Reviews
      </ButtonLink>
    </div>
  );
}
