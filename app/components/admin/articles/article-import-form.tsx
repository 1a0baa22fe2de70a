import { Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Form } from "~/components/ui/link";

/** Import one or many Markdown files with front matter (the export's format) as drafts. */
export function ArticleImportForm() {
  return (
    <Form
      method="post"
      action="/admin/articles/import"
      encType="multipart/form-data"
      className="mb-4 flex flex-col gap-2 rounded-card border border-line bg-surface p-3 sm:flex-row sm:items-center"
    >
      <input type="hidden" name="intent" value="import-articles" />
      <label htmlFor="article-files" className="text-sm font-medium">
        Import Markdown
      </label>
      <input
        id="article-files"
        name="files"
        type="file"
        multiple
        accept=".md,text/markdown"
        className="min-w-0 flex-1 text-sm file:mr-3 file:h-10 file:rounded-full file:border file:border-line file:bg-sand file:px-4 file:font-semibold file:text-ink"
      />
      <Button type="submit" variant="secondary">
        <Upload aria-hidden className="size-4" />
        Import as drafts
      </Button>
    </Form>
  );
}
