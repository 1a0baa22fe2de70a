import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptyTable, TableCard, TableHead, TableNote } from "./admin-table";

describe("admin table pieces", () => {
  it("heads a column in bold, or for screen readers only", () => {
    const html = renderToStaticMarkup(
      <table>
        <TableHead
          cell="px-4 py-3"
          columns={[
            { label: "Clicks", className: "text-right" },
            { label: "Edit", srOnly: true },
          ]}
        />
      </table>,
    );
    expect(html).toContain('<th scope="col" class="px-4 py-3 text-right font-semibold">Clicks</th>');
    expect(html).toContain('<th scope="col" class="px-4 py-3"><span class="sr-only">Edit</span></th>');
  });

  it("scrolls its card sideways unless told otherwise", () => {
    expect(renderToStaticMarkup(<TableCard />)).toBe(
      '<div class="overflow-x-auto relative rounded-card border border-line bg-surface shadow-card"></div>',
    );
    expect(renderToStaticMarkup(<TableCard scroll="max-h-[600px] overflow-auto" className="hidden md:block" />)).toBe(
      '<div class="max-h-[600px] overflow-auto relative rounded-card border border-line bg-surface shadow-card hidden md:block"></div>',
    );
  });

  it("says what is missing in place of an empty table, and what is left out under a full one", () => {
    expect(renderToStaticMarkup(<EmptyTable>None yet.</EmptyTable>)).toContain("border-dashed");
    expect(renderToStaticMarkup(<TableNote>More.</TableNote>)).toBe(
      '<p class="border-t border-line px-4 py-2.5 text-sm text-ink-muted">More.</p>',
    );
  });
});
