import { appContext } from "~/server/load-context";
import { AdminPageHeader } from "~/components/admin/page-header";
import { NameCountTable } from "~/components/admin/name-count-table";
import { listCategoryCounts } from "~/server/admin/admin-queries.server";
import type { Route } from "./+types/categories";

/** /admin/categories (linked from the dashboard): categories in use. */

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategoryCounts(context.get(appContext).db) };
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Categories" description="The category_id values products use, with how many products have each." />
      <NameCountTable rows={loaderData.categories} nameHeading="Category" filterParam="category" empty="No product has a category yet." />
    </>
  );
}
