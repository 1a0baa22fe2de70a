import { appContext } from "~/server/load-context";
import { ExternalLink, RefreshCw, Search } from "lucide-react";
import { data, useNavigation } from "react-router";
import { Form } from "~/components/ui/link";
import { EmptyTable } from "~/components/admin/admin-table";
import { LinkRunPanel } from "~/components/admin/link-run-panel";
import { LinkStateFilter } from "~/components/admin/link-state-filter";
import { LinkTable } from "~/components/admin/link-table";
import { AdminPageLinks } from "~/components/admin/page-links";
import { UnearnedLinkTable } from "~/components/admin/unearned-link-table";
import { ArticleLinkTable } from "~/components/admin/article-link-table";
import { articleLinkReport } from "~/server/links/article-link-report.server";
import { unearnedLinkPage } from "~/lib/learn/unearned-links";
import { publishedArticleLinks } from "~/server/articles/published-articles.server";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useLinkCheckProgress } from "~/components/admin/use-link-check-progress";
import { useResultToast } from "~/components/ui/use-result-toast";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { parseStateFilter } from "~/lib/links/link-report";
import { pageCount, pageOffset, parsePageParam } from "~/lib/catalog/pagination";
import type { ResultToast } from "~/lib/forms/result-toast";
import { adminUser } from "~/server/auth/guard.server";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import { latestLinkCheckRun } from "~/server/links/link-check-runs.server";
import { countLinkStates, linkReportPage } from "~/server/links/link-report.server";
import { log } from "~/server/log.server";
import { startLinkCheck } from "~/server/links/link-checking.server";
import type { Route } from "./+types/links";

/**
 * /admin/links: the health of every product's affiliate link and website (docs/decisions/0030-link-health.md).
 * Broken links first, each with what went wrong in plain words and the way to its product's
 * edit form; "Check now" starts a run in the background and the page follows its progress.
 * Under it, "Links in articles": the articles' own off-site links, checked in the same run, the
 * broken ones listed; and "Links that earn nothing": the published articles' links to other sites
 * that do not go through the tracked redirect (docs/decisions/0102), a page at a time.
 */

/**
 * Rows per page of the report. The page is rendered on the process that answers readers: 500
 * rows at 20,000 links made a 1.2 MB page that held their requests for 160–330 ms.
 */
const ROWS_PER_PAGE = 50;
/** The report's page number; the list of links that earn nothing has its own (`page`). */
const REPORT_PAGE_PARAM = "links_page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const show = parseStateFilter(params.get("show"));
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const askedPage = parsePageParam(params.get(REPORT_PAGE_PARAM)).page;
  const reportPage = async () => {
    const rows = { show, search, limit: ROWS_PER_PAGE };
    const asked = await linkReportPage(context.get(appContext).db, { ...rows, offset: pageOffset(askedPage, ROWS_PER_PAGE) });
    // A page past the end (the list shrank since the link was made) shows the first instead.
    if (asked.rows.length > 0 || askedPage === 1) return { ...asked, number: askedPage };
    return { ...(await linkReportPage(context.get(appContext).db, rows)), number: 1 };
  };
  const [counts, page, run, articleLinks, articleChecks] = await Promise.all([
    countLinkStates(context.get(appContext).db),
    reportPage(),
    latestLinkCheckRun(context.get(appContext).db),
    publishedArticleLinks(context.get(appContext).db),
    articleLinkReport(context.get(appContext).db),
  ]);
  return {
    counts,
    rows: page.rows,
    reportPage: { page: page.number, pages: pageCount(page.matched, ROWS_PER_PAGE) },
    unearnedPage: params.get("page") ?? undefined,
    show,
    search,
    run,
    unearned: unearnedLinkPage(articleLinks, Number(params.get("page") ?? "1")),
    articleChecks,
    intervalMs: context.get(appContext).config.linkCheckIntervalMs,
    timeoutMs: context.get(appContext).config.linkCheckTimeoutMs,
  };
}

export async function action(args: Route.ActionArgs) {
  const me = adminUser(args.context);
  return dispatchIntent(args, {
    "check-now": async ({ request, context }) => {
      const outcome = await startLinkCheck(context.db, me.email);
      if (outcome === "already-running") {
        return data({
          toast: { kind: "info", title: "A check is already running", description: "Its progress is shown on this page." } as ResultToast,
        });
      }
      if (outcome === "queued") {
        await recordAdminAction({ request, context }, "link-check-started", "every shop link");
        return data({
          toast: {
            kind: "info",
            title: "Link check queued",
            description: "It starts as soon as a worker is free; its progress shows on this page and under Runs.",
          } as ResultToast,
        });
      }
      log.info(`${me.email}: started a link check`);
      await recordAdminAction({ request, context }, "link-check-started", "every shop link");
      return data({
        toast: { kind: "success", title: "Link check started", description: "Results appear here as each link is checked." } as ResultToast,
      });
    },
  } satisfies IntentTable);
}

export const meta: Route.MetaFunction = () => [{ title: "Link health - Admin" }, { name: "robots", content: "noindex" }];

export default function LinksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, rows, reportPage, unearnedPage, show, search, unearned, articleChecks, intervalMs, timeoutMs } = loaderData;
  useResultToast(actionData);
  const run = useLinkCheckProgress(loaderData.run);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "check-now";
  const total = counts.broken + counts.unchecked + counts.ok;

  return (
    <>
      <AdminPageHeader
        title="Link health"
        description="Every shop link a reader can click (each product's own links and every offer's), and the articles' links to other sites, followed the way a visitor's browser follows them. Broken links come first."
      >
        <Form method="post">
          <input type="hidden" name="intent" value="check-now" />
          <button type="submit" className={buttonClasses({ variant: "primary" }, "w-full sm:w-auto")} disabled={submitting || run?.running}>
            <RefreshCw aria-hidden className={cn("size-4", (submitting || run?.running) && "animate-spin")} />
            {run?.running ? "Checking…" : "Check now"}
          </button>
        </Form>
      </AdminPageHeader>

      <LinkRunPanel run={run} intervalMs={intervalMs} timeoutMs={timeoutMs} />

      <LinkStateFilter counts={counts} show={show} search={search} />

      <Form method="get" className="mb-4 flex flex-col gap-2 sm:flex-row" role="search">
        <label htmlFor="link-search" className="sr-only">
          Search by product name or address
        </label>
        <input
          id="link-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Search by product name or address"
          // flex-1 only in a row: in the phone's column it would squash the field's height.
          className="h-11 w-full min-w-0 rounded-full border border-line bg-surface px-5 text-sm sm:w-auto sm:flex-1"
        />
        {show && <input type="hidden" name="show" value={show} />}
        <button type="submit" className={buttonClasses({ variant: "secondary" })}>
          <Search aria-hidden className="size-4" />
          Search
        </button>
      </Form>

      {total === 0 ? (
        <Notice tone="blue" title="No shop links yet">
          Products with an affiliate link or a website appear here.
        </Notice>
      ) : rows.length === 0 ? (
        <EmptyTable>No link matches.</EmptyTable>
      ) : (
        <>
          <LinkTable rows={rows} />
          <AdminPageLinks
            page={reportPage.page}
            pages={reportPage.pages}
            param={REPORT_PAGE_PARAM}
            path="/admin/links"
            query={{ show: show ?? undefined, q: search || undefined, page: unearnedPage }}
            label="Pages of the link report"
            className="mt-4"
          />
        </>
      )}
      <p className="mt-4 flex items-center gap-1.5 text-xs text-ink-muted">
        <ExternalLink aria-hidden className="size-3.5" />
        Addresses open in a new tab, so you can see what a visitor sees.
      </p>

      <ArticleLinkTable report={articleChecks} />

      <UnearnedLinkTable
        unearned={unearned}
        query={{
          show: show ?? undefined,
          q: search || undefined,
          [REPORT_PAGE_PARAM]: reportPage.page > 1 ? String(reportPage.page) : undefined,
        }}
      />
    </>
  );
}
