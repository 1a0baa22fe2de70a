import { Database, Download } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";

/** The toolbar button that saves the parsed CSV: it submits the import form `form` names. */
export function SaveCsvButton({ form, saving, disabled }: { form: string; saving: boolean; disabled: boolean }) {
  return (
    <button type="submit" form={form} className={buttonClasses()} disabled={disabled}>
      <Database aria-hidden className="size-4" />
      {saving ? "Saving…" : "Save to Database"}
    </button>
  );
}

/** Downloads every row in the import's CSV format. A plain link: the file is a download, not a page. */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonClasses({ variant: "secondary" })}>
      <Download aria-hidden className="size-4" />
      Export CSV
    </a>
  );
}
