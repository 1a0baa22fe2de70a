import { useHydrated } from "~/components/ui/use-hydrated";

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
