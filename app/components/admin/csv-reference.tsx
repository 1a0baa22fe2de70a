import { ChevronDown, Download } from "lucide-react";
import { COLLECTION_OPTIONS, csvDataUrl, type ColumnGuide } from "~/lib/csv/csv-guidelines";
import { helpSegments, type CsvGuideData } from "~/lib/csv/csv-guides";
import { TableHead, type TableColumn } from "./admin-table";

/** A collapsible block (a <details>: it opens without JavaScript and with the keyboard). */
export function Collapsible({ title, children, defaultOpen }: { title: string; children: React.ReactNode; defaultOpen?: boolean }) {
  return (
    <details open={defaultOpen} className="group rounded-card border border-line bg-surface shadow-card">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown aria-hidden className="size-5 text-ink-muted transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-line px-4 py-4 text-sm">{children}</div>
    </details>
  );
}

export function ColumnGuideTable({ guide }: { guide: readonly ColumnGuide[] }) {
  return (
    <>
      {/* A list on phones, the table from 768 px. */}
      <dl className="divide-y divide-line md:hidden">
        {guide.map((row) => (
          <div key={row.column} className="py-2">
            <dt className="font-mono text-xs font-semibold text-ink">
              {row.column}
              {row.required && <span className="ml-2 font-sans text-[0.7rem] font-bold uppercase text-brand">required</span>}
            </dt>
            <dd className="mt-0.5 text-ink-muted">{row.rule}</dd>
            {row.example && <dd className="mt-0.5 break-all font-mono text-xs text-ink-muted">e.g. {row.example}</dd>}
          </div>
        ))}
      </dl>
      <ColumnGuideWideTable guide={guide} />
    </>
  );
}

const GUIDE_COLUMNS: TableColumn[] = [
  { label: "Column", className: "pr-3" },
  { label: "Required", className: "pr-3" },
  { label: "Rule", className: "pr-3" },
  { label: "Example" },
];

function ColumnGuideWideTable({ guide }: { guide: readonly ColumnGuide[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <TableHead columns={GUIDE_COLUMNS} cell="py-2" className="text-xs uppercase tracking-wider text-ink-muted" />
        <tbody className="divide-y divide-line">
          {guide.map((row) => (
            <tr key={row.column}>
              <td className="py-2 pr-3 font-mono text-xs font-semibold text-ink">{row.column}</td>
              <td className="py-2 pr-3">{row.required ? "Yes" : "No"}</td>
              <td className="py-2 pr-3 text-ink-muted">{row.rule}</td>
              <td className="py-2 font-mono text-xs text-ink-muted">{row.example}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TemplateDownload({ csv, fileName, label }: { csv: string; fileName: string; label: string }) {
  return (
    <a
      href={csvDataUrl(csv)}
      download={fileName}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-sand"
    >
      <Download aria-hidden className="size-4" />
      {label}
    </a>
  );
}

/** The folded guide under a CSV import: its help (steps or rules), a template to start from, and what each column takes. */
export function CsvGuide({ guide }: { guide: CsvGuideData }) {
  const List = guide.ordered ? "ol" : "ul";
  return (
    <Collapsible title={guide.title}>
      <div className="space-y-4">
        <List className={`${guide.ordered ? "list-decimal" : "list-disc"} space-y-1 pl-5 text-ink-muted`}>
          {guide.help.map((line) => (
            <li key={line}>
              <HelpLine line={line} />
            </li>
          ))}
        </List>
        <TemplateDownload csv={guide.template} fileName={guide.templateName} label="Download template CSV" />
        <ColumnGuideTable guide={guide.columns} />
      </div>
    </Collapsible>
  );
}

function HelpLine({ line }: { line: string }) {
  return helpSegments(line).map((segment, index) =>
    segment.kind === "strong" ? (
      <strong key={index}>{segment.text}</strong>
    ) : segment.kind === "code" ? (
      <code key={index} className="font-mono">
        {segment.text}
      </code>
    ) : (
      segment.text
    ),
  );
}

/** The products page's reference of collection slugs a product CSV may name: the fixed ones and those that exist. */
export function CollectionOptions({ existing }: { existing: readonly string[] }) {
  return (
    <div className="space-y-4">
      <p className="text-ink-muted">
        Put these slugs in a product's <code className="font-mono">collection_ids</code>, e.g.{" "}
        <code className="font-mono">[barrel-saunas, six-person-saunas]</code>. The short names <code className="font-mono">barrel</code>,{" "}
        <code className="font-mono">electric</code> and <code className="font-mono">wood-fired</code> mean the full collections.
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {COLLECTION_OPTIONS.map((group) => (
          <div key={group.group}>
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{group.group}</dt>
            <dd className="mt-1 flex flex-wrap gap-1">
              {group.slugs.map((slug) => (
                <code key={slug} className="rounded bg-sand px-1.5 py-0.5 font-mono text-xs">
                  {slug}
                </code>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      {existing.length > 0 && (
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">Collections on this site ({existing.length})</p>
          <p className="mt-1 flex flex-wrap gap-1">
            {existing.map((slug) => (
              <code key={slug} className="rounded bg-forest-soft px-1.5 py-0.5 font-mono text-xs">
                {slug}
              </code>
            ))}
          </p>
        </div>
      )}
    </div>
  );
}
