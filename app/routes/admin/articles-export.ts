import { appContext } from "~/server/load-context";
import { exportArticles } from "~/server/articles/article-files.server";
import { zipFiles } from "~/server/articles/zip.server";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import type { Route } from "./+types/articles-export";

/** GET /admin/articles/export?id=N: one article as Markdown with front matter; without an id, all of them as a zip. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const idText = new URL(request.url).searchParams.get("id");
  const id = idText && /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const files = await exportArticles(context.get(appContext).db, id);
  if (id !== null) {
    const file = files[0];
    if (!file) return new Response("No such article.", { status: 404, headers: { "Cache-Control": CACHE_CONTROL.privateNoStore } });
    return new Response(file.text, {
      headers: {
        "Content-Type": "text/markdown; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.name}"`,
        "Cache-Control": CACHE_CONTROL.privateNoStore,
      },
    });
  }
  return new Response(zipFiles(files), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": 'attachment; filename="articles.zip"',
      "Cache-Control": CACHE_CONTROL.privateNoStore,
    },
  });
}
