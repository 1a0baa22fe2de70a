import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, Table, Package, Columns3 } from "lucide-react";

/** What a button does to the selection: wrap it, or put a block before it. */
type Edit = { wrap: [string, string]; placeholder: string } | { block: string };

const TOOLS: { label: string; icon: typeof Bold; edit: Edit }[] = [
  { label: "Bold", icon: Bold, edit: { wrap: ["**", "**"], placeholder: "bold text" } },
  { label: "Italic", icon: Italic, edit: { wrap: ["_", "_"], placeholder: "italic text" } },
  { label: "Heading", icon: Heading2, edit: { wrap: ["\n## ", "\n"], placeholder: "Heading" } },
  { label: "Subheading", icon: Heading3, edit: { wrap: ["\n### ", "\n"], placeholder: "Subheading" } },
  { label: "Link", icon: Link2, edit: { wrap: ["[", "](/learn)"], placeholder: "link text" } },
  { label: "Bulleted list", icon: List, edit: { wrap: ["\n- ", "\n"], placeholder: "item" } },
  { label: "Numbered list", icon: ListOrdered, edit: { wrap: ["\n1. ", "\n"], placeholder: "item" } },
  { label: "Quote", icon: Quote, edit: { wrap: ["\n> ", "\n"], placeholder: "quote" } },
  { label: "Table", icon: Table, edit: { block: "\n| Column | Column |\n| --- | --- |\n| Cell | Cell |\n" } },
  { label: "Product box", icon: Package, edit: { block: '\n::product{slug="product-slug"}\n' } },
  { label: "Comparison table", icon: Columns3, edit: { block: '\n::compare{slugs="first-slug,second-slug"}\n' } },
];

/**
 * Buttons that write Markdown into the body at the cursor: the text stays plain Markdown (what
 * the import and export carry), the buttons only save remembering its marks.
 */
export function MarkdownToolbar({
  target,
  onEdited,
}: {
  target: React.RefObject<HTMLTextAreaElement | null>;
  onEdited: (value: string) => void;
}) {
  const apply = (edit: Edit) => {
    const area = target.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end, value } = area;
    const chosen = value.slice(start, end);
    let insert: string;
    let caret: [number, number];
    if ("block" in edit) {
      insert = edit.block;
      caret = [start + insert.length, start + insert.length];
    } else {
      const inner = chosen || edit.placeholder;
      insert = `${edit.wrap[0]}${inner}${edit.wrap[1]}`;
      caret = [start + edit.wrap[0].length, start + edit.wrap[0].length + inner.length];
    }
    const next = value.slice(0, start) + insert + value.slice(end);
    onEdited(next);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(caret[0], caret[1]);
    });
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-line bg-sand p-1">
      {TOOLS.map(({ label, icon: Icon, edit }) => (
        <button
          key={label}
          type="button"
          title={label}
          aria-label={label}
          onClick={() => apply(edit)}
          className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand"
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  );
}
