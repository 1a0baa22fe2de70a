import { useHydrated } from "~/components/ui/use-hydrated";

const FORM_IDS: Record<string, string> = { products: "product-csv-form", collections: "collection-csv-form", offers: "offer-csv-form" };

/** The id of an import page's upload form ('products' → product-csv-form), which its toolbar's file input and Save button name. */
export function importFormId(kind: string): string {
  return FORM_IDS[kind] ?? `${kind}-csv-form`;
}

/**
 * The form the page's Upload CSV and Save to Database buttons belong to (by its id). With scripts
 * the page has parsed and previewed the file, and saving posts it to the JSON endpoint; without,
 * the browser posts the chosen file to the page's action, which runs the same import.
 */
export function CsvImportForm({
  id,
  className,
  onSave,
  children,
}: {
  id: string;
  className?: string;
  onSave(): void;
  children?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      id={id}
      className={className}
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onSave();
      }}
    >
      {children}
    </form>
  );
}
