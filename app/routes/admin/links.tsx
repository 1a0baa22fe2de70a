import { ExternalLink, Pencil, RefreshCw, Search } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ProgressBar } from "~/components/admin/progress-bar";
import { useLinkCheckProgress } from "~/components/admin/use-link-check-progress";
import { useResultToast } from "~/components/ui/use-result-toast";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatDateTimeUtc } from "~/lib/dates";
import { formatDuration } from "~/lib/duration-text";
import { OUTCOME_LABELS } from "~/lib/links/link-outcomes";
import {
  countByState,
  filterReport,
  LINK_KIND_LABELS,
  LINK_STATE_LABELS,
  LINK_STATES,
  linkReport,
  parseStateFilter,
  productEditHref,
  type LinkCheckRunView,
  type LinkReportRow,
  type LinkState,
} from "~/lib/links/link-report";
import { requestableUrl } from "~/lib/links/redirects";
import type { ResultToast } from "~/lib/result-toast";
import { requireAdmin } from "~/server/auth/guard.server";
import { latestLinkCheckRun, listLinkTargets, listStoredResults } from "~/server/links/link-check-runs.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/links";

/**
 * /admin/links: the health of every product's affiliate link and website (docs/decisions/0030-link-health.md).
 * Broken links first, each with what went wrong in plain words and the way to its product's
 * edit form; "Check now" starts a run in the background and the page follows its progress.
 */

/** More rows than this are cut off with a note: the filters narrow the list. */
const ROW_LIMIT = 500;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const show = parseStateFilter(params.get("show"));
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const [targets, results, run] = await Promise.all([listLinkTargets(context.db), listStoredResults(context.db), latestLinkCheckRun(context.db)]);
  const rows = linkReport(targets, results);
  const shown = filterReport(rows, show, search);
  return {
    counts: countByState(rows),
    rows: shown.slice(0, ROW_LIMIT),
    hiddenRows: Math.max(0, shown.length - ROW_LIMIT),
    show,
    search,
    run,
    intervalMs: context.config.linkCheckIntervalMs,
    timeoutMs: context.config.linkCheckTimeoutMs,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "check-now") {
    return data({ toast: { kind: "error", title: "Unknown action", description: "Nothing was changed." } as ResultToast }, { status: 400 });
  }
  const outcome = await context.linkChecks.start("manual");
  if (outcome === "already-running") {
    return data({ toast: { kind: "info", title: "A check is already running", description: "Its progress is shown on this page." } as ResultToast });
  }
  log.info(`${me.email}: started a link check`);
  return data({ toast: { kind: "success", title: "Link check started", description: "Results appear here as each link is checked." } as ResultToast });
}

export const meta: Route.MetaFunction = () => [{ title: "Link health - Admin" }, { name: "robots", content: "noindex" }];

const STATE_TONES: Record<LinkState, string> = {
  broken: "bg-red-50 text-red-800 ring-1 ring-red-200",
  unchecked: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
  ok: "bg-forest-soft text-forest ring-1 ring-forest/30",
};

function StateBadge({ row }: { row: LinkReportRow }) {
  const label = row.result ? OUTCOME_LABELS[row.result.outcome] : LINK_STATE_LABELS.unchecked;
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", STATE_TONES[row.state])}>{label}</span>;
}

function RunPanel({ run, intervalMs, timeoutMs }: { run: LinkCheckRunView | null; intervalMs: number | null; timeoutMs: number }) {
  const schedule = intervalMs === null ? "Automatic checks are off (LINK_CHECK_INTERVAL)." : `Checked automatically every ${formatDuration(intervalMs)}.`;
  return (
    <section aria-labelledby="link-run-title" className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card md:p-5" data-testid="link-run">
      <h2 id="link-run-title" className="sr-only">
        Latest check
      </h2>
      {run?.running ? (
        <div className="space-y-2">
          <ProgressBar label={`Checking links: ${run.checked} of ${run.total} checked`} fraction={run.total === 0 ? 1 : run.checked / run.total} />
          <p className="text-sm text-ink-muted">
            {run.broken > 0 ? `${run.broken} broken so far. ` : ""}
            Started {formatDateTimeUtc(run.startedAt)}.{" "}
            <noscript>
              <Link to="/admin/links" className="font-semibold text-brand underline">
                Reload
              </Link>{" "}
              to see how far it has got.
            </noscript>
          </p>
        </div>
      ) : run ? (
        <p className="text-sm">
          <span className="font-semibold">Last check:</span> {formatDateTimeUtc(run.finishedAt ?? run.startedAt)} ({run.trigger === "schedule" ? "scheduled" : "by hand"}),{" "}
          {run.checked} of {run.total} links, {run.broken} broken.
          {run.error && <span className="block text-ink-muted">{run.error}.</span>}
        </p>
      ) : (
        <p className="text-sm">No check has run yet. “Check now” checks every link.</p>
      )}
      <p className="mt-2 text-xs text-ink-muted">
        {schedule} Each link gets {formatDuration(timeoutMs)} (LINK_CHECK_TIMEOUT).
      </p>
    </section>
  );
}

function LinkRow({ row }: { row: LinkReportRow }) {
  const result = row.result;
  const requested = requestableUrl(row.url);
  // Compared as requested (normalised, no fragment): "https://shop.com" ending at "https://shop.com/" did not move.
  const finalDiffers = result?.finalUrl && result.finalUrl !== (requested ?? row.url);
  const cell = "block px-4 py-1 md:table-cell md:py-3 md:align-top";
  const label = "mr-1 font-semibold text-ink-muted md:hidden";
  return (
    <tr data-testid="link-row" data-state={row.state} className="block py-2 md:table-row md:py-0">
      <td className={cn(cell, "font-semibold text-ink")}>
        {row.productName}
        <span className="block text-xs font-normal text-ink-muted">{LINK_KIND_LABELS[row.link]}</span>
      </td>
      <td className={cn(cell, "max-w-full break-all md:max-w-xs")}>
        <span className={label}>Address:</span>
        {/* Only a web address becomes a link: a stored javascript: or data: value stays text. */}
        {requested ? (
          <a href={row.url} target="_blank" rel="noopener noreferrer" className="text-brand underline-offset-2 hover:underline">
            {row.url}
          </a>
        ) : (
          <span>{row.url}</span>
        )}
      </td>
      <td className={cell}>
        <StateBadge row={row} />
        {result?.error && <span className="mt-1 block text-xs text-ink-muted">{result.error}</span>}
        {result && !result.error && result.statusCode !== null && <span className="mt-1 block text-xs text-ink-muted">{result.statusCode} OK</span>}
        {row.previous && (
          <span className="mt-1 block text-xs text-ink-muted">
            Link changed since the last check (then: {OUTCOME_LABELS[row.previous.outcome]}
            {row.previous.statusCode !== null ? `, ${row.previous.statusCode}` : ""}).
          </span>
        )}
      </td>
      <td className={cn(cell, "text-xs md:max-w-xs")}>
        <span className={label}>Ends at:</span>
        {finalDiffers ? <span className="break-all">{result.finalUrl}</span> : <span className="text-ink-muted">{result ? "same address" : "—"}</span>}
      </td>
      <td className={cn(cell, "whitespace-nowrap text-xs tabular-nums")}>
        <span className={label}>Checked:</span>
        {result ? formatDateTimeUtc(result.checkedAt) : "—"}
      </td>
      <td className={cell}>
        <Link to={productEditHref(row.productId)} className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-semibold text-brand hover:underline">
          <Pencil aria-hidden className="size-3.5" />
          Edit product<span className="sr-only">: {row.productName}</span>
        </Link>
      </td>
    </tr>
  );
}

export default function LinksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, rows, hiddenRows, show, search, intervalMs, timeoutMs } = loaderData;
  const stateHref = (state: LinkState | null) => {
    const params = new URLSearchParams();
    if (state) params.set("show", state);
    if (search) params.set("q", search);
    return params.size > 0 ? `/admin/links?${params}` : "/admin/links";
  };
  useResultToast(actionData);
  const run = useLinkCheckProgress(loaderData.run);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "check-now";
  const total = counts.broken + counts.unchecked + counts.ok;

  return (
    <>
      <AdminPageHeader title="Link health" description="Every product's affiliate link and website, followed the way a visitor's browser follows them. Broken links come first.">
        <Form method="post">
          <input type="hidden" name="intent" value="check-now" />
          <button type="submit" className={buttonClasses({ variant: "primary" }, "w-full sm:w-auto")} disabled={submitting || run?.running}>
            <RefreshCw aria-hidden className={cn("size-4", (submitting || run?.running) && "animate-spin")} />
            {run?.running ? "Checking…" : "Check now"}
          </button>
        </Form>
      </AdminPageHeader>

      <RunPanel run={run} intervalMs={intervalMs} timeoutMs={timeoutMs} />

      <ul className="mb-6 grid grid-cols-3 gap-2 sm:gap-3" aria-label="Links by state">
        {LINK_STATES.map((state) => (
          <li key={state}>
            <Link
              to={stateHref(show === state ? null : state)}
              aria-current={show === state ? "true" : undefined}
              className={cn(
                "block h-full rounded-card border bg-surface p-3 shadow-card hover:border-brand/40 sm:p-4",
                show === state ? "border-brand" : "border-line",
              )}
              data-testid={`link-count-${state}`}
            >
              <span className="block text-xs text-ink-muted sm:text-sm">{LINK_STATE_LABELS[state]}</span>
              <span className={cn("mt-1 block text-2xl font-semibold tabular-nums", state === "broken" && counts.broken > 0 && "text-red-700")}>
                {counts[state].toLocaleString("en-US")}
              </span>
            </Link>
          </li>
        ))}
      </ul>

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
        <p className="rounded-card border border-dashed border-line bg-surface p-6 text-center text-ink-muted">No link matches.</p>
      ) : (
        <div className="rounded-card border border-line bg-surface shadow-card md:overflow-x-auto">
          <table className="block w-full text-left text-sm md:table">
            <thead className="max-md:sr-only bg-sand text-xs uppercase tracking-wider text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Product</th>
                <th scope="col" className="px-4 py-3 font-semibold">Address</th>
                <th scope="col" className="px-4 py-3 font-semibold">Result</th>
                <th scope="col" className="px-4 py-3 font-semibold">Ends at</th>
                <th scope="col" className="px-4 py-3 font-semibold">Checked</th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-line md:table-row-group">
              {rows.map((row) => (
                <LinkRow key={`${row.productId}:${row.link}`} row={row} />
              ))}
            </tbody>
          </table>
          {hiddenRows > 0 && (
            <p className="border-t border-line px-4 py-2.5 text-sm text-ink-muted">
              {hiddenRows.toLocaleString("en-US")} more not shown. Pick a state above to narrow the list.
            </p>
          )}
        </div>
      )}
      <p className="mt-4 flex items-center gap-1.5 text-xs text-ink-muted">
        <ExternalLink aria-hidden className="size-3.5" />
        Addresses open in a new tab, so you can see what a visitor sees.
      </p>
    </>
  );
}
