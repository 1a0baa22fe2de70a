import { appContext } from "~/server/load-context";
import { Trash2 } from "lucide-react";
import { data, useNavigation } from "react-router";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { NameList } from "~/components/admin/removal-name-list";
import { Button } from "~/components/ui/button";
import { readRemovalSelection, removalHref, removalSummary, removedNoticeText } from "~/lib/admin/removal-request";
import { keepSampleAsOwn, planRemoval, removeFromCatalog, type SampleKind } from "~/server/admin/catalog-removal.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
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
  const selection = readRemovalSelection(new URL(request.url).searchParams);
  const plan = await planRemoval(context.get(appContext).db, selection);
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  return data({ selection, plan, flash }, { headers });
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, { remove, "keep-sample": keepSample } satisfies IntentTable);
}

const SAMPLE_KINDS: Record<string, SampleKind> = {
  product: "product",
  collection: "collection",
  article: "article",
  shop: "shop",
  author: "author",
};

/** "Keep this one as mine": one sample row becomes the owner's and leaves the list; back to the same confirmation. */
async function keepSample({ form, request, context }: IntentArgs) {
  const kind = SAMPLE_KINDS[String(form.get("kind") ?? "")];
  const id = Number(form.get("id"));
  const back = removalHref({ samples: true, returnTo: readRemovalSelection(form).returnTo });
  if (!kind || !Number.isSafeInteger(id) || id <= 0)
    return data(
      { toast: { kind: "error" as const, title: "Not kept", description: "Choose a row of the list to keep." } },
      { status: 400 },
    );
  const slug = await keepSampleAsOwn(context.db, kind, id);
  if (slug === null)
    return data(
      {
        toast: { kind: "error" as const, title: "Not kept", description: "That row is no longer sample content: it was kept or deleted." },
      },
      { status: 404 },
    );
  await recordAdminAction({ request, context }, "sample-kept", `${kind} ${slug} (id ${id}) kept as the owner's`);
  throw await redirectWithFlash(request, context.config, back, {
    toast: { kind: "success", title: "Kept as yours", description: `The ${kind} ${slug} is yours now; removing the samples leaves it.` },
  });
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
    ...plan.shops.map((shop) => `shop ${shop.slug}`),
    ...plan.authors.map((author) => `author ${author.slug}`),
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

export default function RemoveFromCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { selection, plan, flash } = loaderData;
  useResultToast(flash);
  useResultToast(actionData);
  // Sample rows can each be kept instead: they leave the list, and the removal.
  const keep = (kind: SampleKind, id: number) => (selection.samples ? { kind, id } : undefined);
  const busy = useNavigation().state === "submitting";
  const summary = removalSummary({
    products: plan.products.length,
    collections: plan.collections.length,
    articles: plan.articles.length,
    shops: plan.shops.length,
    authors: plan.authors.length,
  });
  const nothing =
    plan.products.length === 0 &&
    plan.collections.length === 0 &&
    plan.articles.length === 0 &&
    plan.shops.length === 0 &&
    plan.authors.length === 0;
  const title = selection.samples ? "Remove all sample content" : "Delete from the catalog";

  return (
    <>
      <AdminPageHeader title={title} description="Check what goes. Nothing is deleted until you confirm." />
      <FlashNotice flash={flash} />
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
        <div className="max-w-3xl space-y-5">
          <Notice tone="red" title={`Delete ${summary}?`} role="alert">
            <p>
              Their pages leave the site: a deleted product's address answers “gone” (410), so search engines drop it. Their places in
              collections go with them. This cannot be undone; a CSV import can bring a product back.
            </p>
          </Notice>
          {plan.products.length > 0 && (
            <NameList
              title={`Products (${plan.products.length.toLocaleString("en-US")})`}
              returnTo={selection.returnTo}
              rows={plan.products.map((p) => ({
                key: `p${p.id}`,
                name: `${p.name} (${p.slug})`,
                edited: p.edited,
                keep: keep("product", p.id),
              }))}
            />
          )}
          {plan.collections.length > 0 && (
            <NameList
              title={`Collections (${plan.collections.length.toLocaleString("en-US")})`}
              returnTo={selection.returnTo}
              rows={plan.collections.map((c) => ({
                key: `c${c.id}`,
                name: `${c.title} (${c.slug})`,
                edited: c.edited,
                keep: keep("collection", c.id),
              }))}
            />
          )}
          {plan.articles.length > 0 && (
            <NameList
              title={`Articles (${plan.articles.length})`}
              returnTo={selection.returnTo}
              rows={plan.articles.map((a) => ({
                key: `a${a.id}`,
                name: `${a.title} (${a.slug})`,
                edited: a.edited,
                keep: keep("article", a.id),
              }))}
            />
          )}
          {plan.shops.length > 0 && (
            <NameList
              title={`Shops that sell only these products (${plan.shops.length})`}
              returnTo={selection.returnTo}
              rows={plan.shops.map((shop) => ({ key: `s${shop.id}`, name: `${shop.name} (${shop.slug})`, keep: keep("shop", shop.id) }))}
            />
          )}
          {plan.authors.length > 0 && (
            <NameList
              title={`Authors no remaining article or review names (${plan.authors.length})`}
              returnTo={selection.returnTo}
              rows={plan.authors.map((author) => ({
                key: `u${author.id}`,
                name: `${author.name} (${author.slug})`,
                keep: keep("author", author.id),
              }))}
            />
          )}
          <Form method="post" className="space-y-5">
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

            {plan.uploadedImages.length > 0 && (
              <label className="flex items-start gap-3 rounded-card border border-line bg-surface p-4 text-sm">
                <input type="checkbox" name="delete-images" value="1" className="mt-0.5 size-4 accent-brand" />
                <span>
                  Also delete the{" "}
                  {plan.uploadedImages.length === 1 ? "uploaded picture" : `${plan.uploadedImages.length} uploaded pictures`} that only
                  these products use ({plan.uploadedImages.slice(0, 5).join(", ")}
                  {plan.uploadedImages.length > 5 ? ", …" : ""}). Unticked, they stay in product-images.
                </span>
              </label>
            )}

            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="remove" disabled={busy} className="bg-red-700 hover:bg-red-800">
                <Trash2 aria-hidden className="size-4" />
                {busy ? "Deleting…" : `Delete ${summary}`}
              </Button>
              <Link
                to={selection.returnTo}
                className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand"
              >
                Cancel
              </Link>
            </div>
          </Form>
        </div>
      )}
    </>
  );
}
