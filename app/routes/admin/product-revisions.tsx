import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { RevisionsPage } from "~/components/admin/revisions/revisions-page";
import { PRODUCT_FIELD_LABELS, REVIEW_FIELD_LABELS } from "~/lib/admin/product-form-labels";
import { valuesDiff } from "~/lib/admin/revision-diff";
import { revisionIdOf, revisionsPage } from "~/server/admin/revisions-page.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { getSignedInUser } from "~/server/auth/guard.server";
import { invalidateCatalog } from "~/server/catalog/catalog-cache.server";
import { redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import { restoreProductRevision } from "~/server/admin/product-revision-restore.server";
import { findProductRevision, listProductRevisions, type RevisionPart } from "~/server/admin/product-revisions.server";
import { findProductById } from "~/server/products/products.server";
import type { Route } from "./+types/product-revisions";

/**
 * /admin/products/{id}/revisions and /admin/reviews/{id}/revisions: every save of a product's
 * fields, or of its review (who, when), a readable diff between any two, and restoring one in a
 * click (a restore is a save: it is a revision too, and the audit log names it).
 */

export const meta: Route.MetaFunction = () => [{ title: "Revisions - Admin" }, { name: "robots", content: "noindex" }];

function partOf(request: Request): RevisionPart {
  return new URL(request.url).pathname.startsWith("/admin/reviews/") ? "review" : "product";
}

const PLACES = {
  product: { editor: (id: number) => `/admin/products?edit=${id}#product-form`, labels: PRODUCT_FIELD_LABELS, what: "product" },
  review: { editor: (id: number) => `/admin/reviews/${id}`, labels: REVIEW_FIELD_LABELS, what: "review" },
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const part = partOf(request);
  const id = revisionIdOf(params.productId);
  const product = id === null ? undefined : await findProductById(context.get(appContext).db, id);
  if (!product) throw data("There is no product with this number: it may have been deleted.", { status: 404 });
  return revisionsPage(request, context.get(appContext), {
    title: `${part === "review" ? "Review revisions" : "Revisions"}: ${product.name}`,
    editor: PLACES[part].editor(product.id),
    revisions: await listProductRevisions(context.get(appContext).db, product.id, part),
    find: (revisionId) => findProductRevision(context.get(appContext).db, product.id, part, revisionId),
    diff: (older, newer) => valuesDiff(PLACES[part].labels, older.values, newer.values),
  });
}

const intents = {
  restore: async ({ form, request, context, params }) => {
    const part = partOf(request);
    const productId = revisionIdOf(params.productId);
    const revisionId = revisionIdOf(String(form.get("revision") ?? ""));
    const user = await getSignedInUser(request, context);
    const editor = { id: user?.id ?? null, email: user?.email ?? "unknown" };
    const outcome =
      productId !== null && revisionId !== null
        ? await restoreProductRevision(context.db, productId, part, revisionId, editor, context.config.prices)
        : ({ ok: false, problem: "That revision no longer exists." } as const);
    if (!outcome.ok)
      return data({ toast: { kind: "error" as const, title: "Not restored", description: outcome.problem } }, { status: 409 });
    invalidateCatalog(context.db);
    await recordAdminAction(
      { request, context },
      part === "review" ? "review-revision-restored" : "product-revision-restored",
      `${part === "review" ? "Review of " : ""}${outcome.slug} (id ${productId}): revision ${revisionId} restored`,
    );
    throw await redirectWithFlash(request, context.config, PLACES[part].editor(productId!), {
      toast: {
        kind: "success",
        title: "Revision restored",
        description: `The ${PLACES[part].what} is as it was then; the restore is a revision too.`,
      },
    });
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

export default function ProductRevisionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RevisionsPage page={loaderData} actionData={actionData} />;
}
