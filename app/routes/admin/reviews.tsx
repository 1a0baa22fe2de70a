import { appContext } from "~/server/load-context";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { EmptyTable } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPageLinks } from "~/components/admin/page-links";
import { Link } from "~/components/ui/link";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { loadReviewList } from "~/server/admin/review-screen.server";
import type { Route } from "./+types/reviews";

/**
 * /admin/reviews: every product with the state of its review, each linking to its review screen.
 * Open to admins and editors (app/lib/auth/admin-access.ts).
 */

export const meta: Route.MetaFunction = () => [{ title: `Reviews - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadReviewList(request, context.get(appContext));
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { products, search, page, pages } = loaderData;
  return (
    <>
      <AdminPageHeader title="Reviews" description="Each product's verdict, pros and cons, scores and the rest of its review." />
      <AdminSearchForm
        id="review-search"
        label="Search products"
        placeholder="Name, brand or slug"
        defaultValue={search}
        className="mb-4 max-w-md"
      />
      {products.length === 0 ? (
        <EmptyTable>No products match.</EmptyTable>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface shadow-card" aria-label="Products">
          {products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <Link to={`/admin/reviews/${product.id}`} className="font-medium text-brand-strong underline">
                {product.name}
              </Link>
              <span className="text-sm text-ink-muted">
                {product.hasVerdict ? "Verdict" : "No verdict"} · {product.scored} of 5 scores
                {product.testedOn ? ` · tested ${product.testedOn}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      <AdminPageLinks page={page} pages={pages} path="/admin/reviews" query={{ q: search }} label="Pages of reviews" className="mt-4" />
    </>
  );
}
