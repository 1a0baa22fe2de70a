import { Trash2 } from "lucide-react";
import { Form, Link } from "~/components/ui/link";
import { removalHref, type RemovalReturnPage } from "~/lib/admin/removal-request";

/**
 * Deleting from an admin list: tick rows and press "Delete selected…", or use a row's own
 * Delete link. Both only lead to the confirmation page (a GET), which names what goes; nothing is
 * deleted from here. Works without JavaScript.
 */
export function BulkDeleteForm({
  id,
  returnTo,
  noun,
  children,
}: {
  id: string;
  returnTo: RemovalReturnPage;
  noun: "products" | "collections";
  children: React.ReactNode;
}) {
  return (
    <Form id={id} method="get" action="/admin/remove" className="space-y-2">
      <input type="hidden" name="from" value={returnTo} />
      {children}
      <div className="flex justify-end">
        <button
          type="submit"
          className="inline-flex h-10 items-center gap-1.5 rounded-full border border-red-300 bg-surface px-4 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          <Trash2 aria-hidden className="size-4" />
          Delete selected {noun}…
        </button>
      </div>
    </Form>
  );
}

/** One row's tick box for BulkDeleteForm; `field` is the query name the confirmation page reads. */
export function SelectRowCheckbox({ field, id, label }: { field: "product" | "collection"; id: number; label: string }) {
  return <input type="checkbox" name={field} value={id} aria-label={`Select ${label}`} className="size-4 accent-brand" />;
}

export function DeleteRowLink({
  field,
  id,
  label,
  returnTo,
}: {
  field: "product" | "collection";
  id: number;
  label: string;
  returnTo: RemovalReturnPage;
}) {
  const href = removalHref(field === "product" ? { productIds: [id], returnTo } : { collectionIds: [id], returnTo });
  return (
    <Link
      to={href}
      className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-red-50 hover:text-red-800"
      aria-label={`Delete ${label}`}
    >
      <Trash2 aria-hidden className="size-4" />
    </Link>
  );
}
