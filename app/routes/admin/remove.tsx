import { Trash2 } from "lucide-react";
import { useNavigation } from "react-router";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { NameList } from "~/components/admin/removal-name-list";
import { Button } from "~/components/ui/button";
import { readRemovalSelection, removalSummary, removedNoticeText } from "~/lib/admin/removal-request";
import { planRemoval, removeFromCatalog } from "~/server/admin/catalog-removal.server";
import { requireAdmin } from "~/server/auth/guard.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentArgs, type IntentTable } from "~/server/forms/intents.server";
import { log } from "~/server/log.server";
import { productImagesStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/remove";

/**
 * /admin/remove: the confirmation that names what a delete takes away, reached from the
 * products and collections lists (one row, or the ticked ones) and from the dashboard's
 * "Remove all sample content". It works without JavaScript: the lists link or submit here.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const selection = readRemovalSelection(new URL(request.url).searchParams);
  const plan = await planRemoval(context.db, selection);
  return { selection, plan };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args.request, args.context);
  return dispatchIntent(args, { remove } satisfies IntentTable);
}

async function remove({ form, request, context }: IntentArgs) {
  const selection = readRemovalSelection(form);
  // Planned again from the ids: the confirmation page may be stale, the database is not.
  const plan = await planRemoval(context.db, selection);
  const result = await removeFromCatalog(context.db, plan, {
    deleteImages: form.get("delete-images") === "1",
    storage: productImagesStorage(context.config, context.db),
  });
  log.info(`Removed ${removalSummary(result)} (${result.imagesDeleted} uploaded pictures deleted)`);
  const named = [
    ...plan.products.map((p) => p.slug),
    ...plan.collections.map((c) => `collection ${c.slug}`),
    ...plan.articles.map((a) => `article ${a.slug}`),
  ].join(", ");
  await recordAdminAction(
    { request, context },
    "catalog-removal",
    `Deleted ${removalSummary(result)} (${result.imagesDeleted} uploaded pictures deleted)${named ? `: ${named}` : ""}`,
  );
  throw await redirectWithFlash(request, context.config, selection.returnTo, {
    notice: { title: "Deleted", text: removedNoticeText(result) },
  });
}

export default function RemoveFromCatalog({ loaderData }: Route.ComponentProps) {
  const { selection, plan } = loaderData;
  const busy = useNavigation().state === "submitting";
  const summary = removalSummary({ products: plan.products.length, collections: plan.collections.length, articles: plan.articles.length });
  const nothing = plan.products.length === 0 && plan.collections.length === 0 && plan.articles.length === 0;
  const title = selection.samples ? "Remove all sample content" : "Delete from the catalog";

  return (
    <>
      <AdminPageHeader title={title} description="Check what goes. Nothing is deleted until you confirm." />
      {nothing ? (
        <Notice tone="blue" title="Nothing to delete">
          <p>
            {selection.samples ? "The site holds no sample content any more." : "The chosen rows no longer exist, or none were chosen."}
          </p>
          <p>
            <Link to={selection.returnTo} className="font-semibold text-brand hover:underline">
              Go back
            </Link>
          </p>
        </Notice>
      ) : (
        <Form method="post" className="max-w-3xl space-y-5">
          {plan.products.map((product) => (
            <input key={product.id} type="hidden" name="product" value={product.id} />
          ))}
          {plan.collections.map((collection) => (
            <input key={collection.id} type="hidden" name="collection" value={collection.id} />
          ))}
          {plan.articles.map((article) => (
            <input key={article.id} type="hidden" name="article" value={article.id} />
          ))}
          <input type="hidden" name="from" value={selection.returnTo} />

          <Notice tone="red" title={`Delete ${summary}?`} role="alert">
            <p>
              Their pages leave the site: a deleted product's address answers “gone” (410), so search engines drop it. Their places in
              collections go with them. This cannot be undone; a CSV import can bring a product back.
            </p>
          </Notice>

          {plan.products.length > 0 && (
            <NameList
              title={`Products (${plan.products.length.toLocaleString("en-US")})`}
              names={plan.products.map((p) => `${p.name} (${p.slug})`)}
            />
          )}
          {plan.collections.length > 0 && (
            <NameList
              title={`Collections (${plan.collections.length.toLocaleString("en-US")})`}
              names={plan.collections.map((c) => `${c.title} (${c.slug})`)}
            />
          )}
          {plan.articles.length > 0 && (
            <NameList title={`Articles (${plan.articles.length})`} names={plan.articles.map((a) => `${a.title} (${a.slug})`)} />
          )}

          {plan.uploadedImages.length > 0 && (
            <label className="flex items-start gap-3 rounded-card border border-line bg-surface p-4 text-sm">
              <input type="checkbox" name="delete-images" value="1" className="mt-0.5 size-4 accent-brand" />
              <span>
                Also delete the {plan.uploadedImages.length === 1 ? "uploaded picture" : `${plan.uploadedImages.length} uploaded pictures`}{" "}
                that only these products use ({plan.uploadedImages.slice(0, 5).join(", ")}
                {plan.uploadedImages.length > 5 ? ", …" : ""}). Unticked, they stay in product-images.
              </span>
            </label>
          )}

          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="remove" disabled={busy} className="bg-red-700 hover:bg-red-800">
              <Trash2 aria-hidden className="size-4" />
              {busy ? "Deleting…" : `Delete ${summary}`}
            </Button>
            <Link to={selection.returnTo} className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </>
  );
}
