import { memo } from "react";
import { Notice } from "~/components/ui/notice";

/** The most lines a list shows at once; a 20,000-row file can have thousands of warnings. */
const SHOWN = 100;

/** A yellow list of warnings under a header; long lists are cut with a count of the rest. */
export const WarningsList = memo(function WarningsList({
  title,
  warnings,
  extra,
}: {
  title: string;
  warnings: readonly string[];
  extra?: React.ReactNode;
}) {
  if (warnings.length === 0 && !extra) return null;
  const rest = warnings.length - SHOWN;
  return (
    <Notice tone="yellow" title={title} role="status">
      {warnings.length > 0 && (
        <ul className="mt-1 max-h-64 list-disc space-y-0.5 overflow-y-auto pl-5 text-ink">
          {warnings.slice(0, SHOWN).map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      )}
      {rest > 0 && <p className="mt-2">…and {rest.toLocaleString("en-US")} more.</p>}
      {extra}
    </Notice>
  );
});
