import { appContext } from "~/server/load-context";
import { TodayList } from "~/components/admin/today-list";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { todayAction, todayScreen } from "~/server/admin/today/today-screen.server";
import { adminUser } from "~/server/auth/guard.server";
import type { Route } from "./+types/today";

/** /admin/today: what needs the owner, most money first, each line linking to the screen that fixes it (admins only). */

export const meta: Route.MetaFunction = () => [{ title: `Today - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export const loader = ({ request, context }: Route.LoaderArgs) =>
  todayScreen({ request, context: context.get(appContext), user: adminUser(context) });

export const action = (args: Route.ActionArgs) => todayAction(args);

export default function TodayPage({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData);
  useResultToast(loaderData.flash);
  return (
    <>
      <AdminPageHeader
        title="Today"
        description="What needs you, most money first: the last 30 days' clicks times earnings per click of each product, page or shop. Each line links to the screen that fixes it."
      />
      <FlashNotice flash={loaderData.flash} />
      <TodayList items={loaderData.items} hidden={loaderData.hidden} currency={loaderData.currency} digest={loaderData.digest} />
    </>
  );
}
