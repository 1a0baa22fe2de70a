import { resolveImageSource } from "~/lib/images/image-source";
import type { CollectionRow } from "~/lib/admin/collection-row";
import { TableCard, TableHead, type TableColumn } from "./admin-table";
import { DeleteRowLink, SelectRowCheckbox } from "./bulk-delete";

/**
 * The admin's collections, as cards under 768 px and a table above: the saved ones (linking to
 * their pages, each with a checkbox and a delete link) or the rows of a parsed CSV.
 */

function imageLink(imageUrl: string) {
  return (
    <a
      href={resolveImageSource(imageUrl, { origin: "" })}
      target="_blank"
      rel="noopener noreferrer"
      className="break-all text-brand hover:underline"
    >
      {imageUrl}
    </a>
  );
}

/**
 * A saved collection's slug opens its page; a parsed one has no page yet. Underlined: a badge may
 * sit beside it in the cell, and a link must not differ from text by colour alone.
 */
function slugLink(slug: string) {
  return (
    <a href={`/reviews/${encodeURIComponent(slug)}`} className="text-brand underline underline-offset-2">
      {slug}
    </a>
  );
}

/** Saved rows link to their pages and can be picked for deletion; parsed ones have no page yet. */
export function CollectionTable({ rows, saved }: { rows: readonly CollectionRow[]; saved: boolean }) {
  const linkSlugs = saved;
  return (
    <>
      {/* Cards under 768 px, the table above. */}
      <ul className="space-y-2 md:hidden">
        {rows.map((row) => (
          <li key={row.slug} className="rounded-card border border-line bg-surface p-3 text-sm shadow-card">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-ink">
                {row.name}
                {saved && row.id !== undefined && <PicksLink id={row.id} name={row.name} />}
              </p>
              {saved && row.id !== undefined && <RowSelection row={row} id={row.id} />}
            </div>
            <p className="font-mono text-xs text-ink-muted">
              {linkSlugs ? slugLink(row.slug) : row.slug}
              <ListingBadge listing={row.listing} />
            </p>
            <p className="mt-1 text-ink-muted">{row.description || "-"}</p>
            <p className="mt-1 text-xs">
              <span className="text-ink-muted">Image: </span>
              {row.imageUrl ? imageLink(row.imageUrl) : "-"}
            </p>
          </li>
        ))}
      </ul>
      <CollectionWideTable rows={rows} saved={saved} />
    </>
  );
}

/** Whether a saved collection's page shows the saunas an admin stored, what its rule selects, or both. */
function ListingBadge({ listing }: { listing: CollectionRow["listing"] }) {
  if (!listing) return null;
  const { label, title } = LISTING_BADGES[listing];
  return (
    <span
      className={
        listing === "curated"
          ? "ml-2 rounded-full bg-brand-soft px-1.5 py-0.5 font-sans text-[0.7rem] font-semibold text-brand-strong"
          : "ml-2 rounded-full bg-sand px-1.5 py-0.5 font-sans text-[0.7rem] font-semibold text-ink"
      }
      title={title}
    >
      {label}
    </span>
  );
}

const LISTING_BADGES: Record<NonNullable<CollectionRow["listing"]>, { label: string; title: string }> = {
  curated: { label: "curated", title: "The page shows the saunas stored for it, in that order." },
  rule: { label: "by rule", title: "The page shows the saunas its rule selects, best rated first." },
  "rule-plus": {
    label: "by rule + added",
    title: "The page shows the saunas its rule selects and the ones added to it, best rated first.",
  },
};

/** The collection's picks editor: roles, lines why and "Also tested". */
function PicksLink({ id, name }: { id: number; name: string }) {
  return (
    <a href={`/admin/collections/${id}/picks`} className="ml-2 text-xs font-semibold text-brand underline underline-offset-2">
      Picks<span className="sr-only"> of {name}</span>
    </a>
  );
}

function RowSelection({ row, id }: { row: CollectionRow; id: number }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      <SelectRowCheckbox field="collection" id={id} label={row.name} />
      <DeleteRowLink field="collection" id={id} label={row.name} returnTo="/admin/collections" />
    </span>
  );
}

const COLUMNS: TableColumn[] = [{ label: "Name" }, { label: "Slug" }, { label: "Description" }, { label: "Image URL" }];

function CollectionWideTable({ rows, saved }: { rows: readonly CollectionRow[]; saved: boolean }) {
  const linkSlugs = saved;
  return (
    <TableCard className="hidden md:block">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <TableHead cell="px-3 py-2.5" columns={saved ? [...COLUMNS, { label: "Select or delete", srOnly: true }] : COLUMNS} />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.slug} className="align-top odd:bg-surface even:bg-canvas">
              <td className="px-3 py-2 font-medium text-ink">
                {row.name}
                {saved && row.id !== undefined && <PicksLink id={row.id} name={row.name} />}
              </td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">
                {linkSlugs ? slugLink(row.slug) : row.slug}
                <ListingBadge listing={row.listing} />
              </td>
              <td className="max-w-md px-3 py-2 text-ink-muted">{row.description || "-"}</td>
              <td className="max-w-xs px-3 py-2">{row.imageUrl ? imageLink(row.imageUrl) : "-"}</td>
              {saved && <td className="px-3 py-2">{row.id !== undefined && <RowSelection row={row} id={row.id} />}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

/** Loading skeletons while the list is saved and read again. */
export function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading collections" className="space-y-2 rounded-card border border-line bg-surface p-4">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="grid grid-cols-4 gap-3">
          <div className="h-4 animate-pulse rounded bg-sand-strong" />
          <div className="h-4 animate-pulse rounded bg-sand-strong" />
          <div className="h-4 animate-pulse rounded bg-sand-strong" />
          <div className="h-4 animate-pulse rounded bg-sand-strong" />
        </div>
      ))}
    </div>
  );
}
