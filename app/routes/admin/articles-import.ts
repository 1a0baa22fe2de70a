import { importArticleFiles } from "~/server/articles/article-files.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentArgs, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/articles-import";

/**
 * POST /admin/articles/import: one or many .md files with front matter (the export's format),
 * added as drafts, all or nothing; the list page says what came in or what stopped it.
 */
export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, { "import-articles": importArticles } satisfies IntentTable);
}

async function importArticles({ form, request, context }: IntentArgs) {
  const files = await Promise.all(
    form
      .getAll("files")
      .filter((entry): entry is File => typeof entry !== "string" && entry.size > 0)
      .map(async (file) => ({ name: file.name, text: await file.text() })),
  );
  if (files.length === 0) {
    throw await redirectWithFlash(request, context.config, "/admin/articles", {
      toast: { kind: "error", title: "Nothing imported", description: "Choose one or more .md files first." },
    });
  }
  const user = await getSignedInUser(request, context);
  const outcome = await importArticleFiles(context.db, files, { id: user?.id ?? null, email: user?.email ?? "unknown" });
  throw await redirectWithFlash(
    request,
    context.config,
    "/admin/articles",
    outcome.ok
      ? {
          notice: {
            title: "Imported",
            text: `Added ${outcome.slugs.length} ${outcome.slugs.length === 1 ? "draft" : "drafts"}: ${outcome.slugs.join(", ")}.`,
          },
        }
      : { toast: { kind: "error", title: "Nothing imported", description: outcome.problems.slice(0, 5).join(" ") } },
  );
}
