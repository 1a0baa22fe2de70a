import { appContext } from "~/server/load-context";
import { AdminPageHeader } from "~/components/admin/page-header";
import { NameCountTable } from "~/components/admin/name-count-table";
import { listFeatureCounts } from "~/server/admin/admin-queries.server";
import type { Route } from "./+types/features";

/** /admin/features (linked from the dashboard): key features in use. */

export async function loader({ context }: Route.LoaderArgs) {
  return { features: await listFeatureCounts(context.get(appContext).db) };
}

export default function Features({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Features" description="The key features products list, with how many products have each." />
      <NameCountTable
        rows={loaderData.features}
        nameHeading="Key feature"
        filterParam="feature"
        empty="No product lists a key feature yet."
      />
    </>
  );
}
