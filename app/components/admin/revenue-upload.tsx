import { Upload } from "lucide-react";
import { RunProgress } from "~/components/admin/run-progress";
import { Button } from "~/components/ui/button";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { isRunFinished } from "~/lib/jobs/run-view";
import { formatMoney } from "~/lib/revenue/earnings";
import { MAPPED_FIELDS, type ColumnMap } from "~/lib/revenue/commission-report";
import type { ReadResult } from "~/server/revenue/commission-report-job.server";
import type { RefusedStep, UploadScreen } from "~/server/revenue/revenue-actions.server";

const count = (value: number) => value.toLocaleString("en-US");

type MapStep = Extract<ReadResult, { step: "map" }>;
type PreviewStep = Extract<ReadResult, { step: "preview" }>;

/**
 * A network's commission report, step by step, each step a plain form: the file or URL (stored
 * on the server, read by a run in the worker, its progress and Cancel here), the column mapping
 * (once per network), the preview with its counts, first rows and bad lines, the save (a run too).
 * The page carries the upload's id between the steps, never the report.
 */
export function RevenueUpload({
  networks,
  refusal,
  upload,
  busy,
}: {
  networks: string[];
  refusal: RefusedStep | undefined;
  upload: UploadScreen | null;
  busy: boolean;
}) {
  const run = upload?.run ?? null;
  const result = upload?.result ?? null;
  const reloadTo = upload ? `/admin/revenue?upload=${upload.id}` : "/admin/revenue";
  let body: React.ReactNode;
  if (upload && run && !isRunFinished(run.state)) body = <RunProgress key={run.id} run={run} reloadTo={reloadTo} />;
  else if (upload && result?.step === "map") body = <MappingForm upload={upload} step={result} busy={busy} />;
  else if (upload && result?.step === "preview" && upload.editMapping)
    body = <MappingForm upload={upload} step={{ step: "map", headers: result.headers, map: result.map, problems: {} }} busy={busy} />;
  else if (upload && result?.step === "preview") body = <Preview upload={upload} step={result} busy={busy} />;
  else
    body = (
      <>
        {upload && run?.state === "done" && result?.step === "saved" && (
          <Notice tone="green" title="Report saved" className="mt-4" role="status">
            {result.network}: {result.added} new {result.added === 1 ? "order" : "orders"}, {result.updated} updated, {result.unchanged}{" "}
            unchanged.
          </Notice>
        )}
        {upload && run && run.state !== "done" && (
          <div className="mt-4 space-y-3">
            <RunProgress key={run.id} run={run} reloadTo={reloadTo} />
            {upload.phase === "save" && upload.map && (
              <Form method="post">
                <input type="hidden" name="intent" value="map-columns" />
                <input type="hidden" name="upload" value={upload.id} />
                <MapFields map={upload.map} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Read the report again
                </Button>
              </Form>
            )}
          </div>
        )}
        <UploadForm networks={networks} refusal={refusal} network={upload?.network} reportUrl={upload?.reportUrl} busy={busy} />
      </>
    );
  return (
    <section
      aria-labelledby="revenue-upload-title"
      className="rounded-card border border-line bg-surface p-5 shadow-card"
      data-testid="revenue-upload"
    >
      <h2 id="revenue-upload-title" className="text-lg font-semibold">
        Upload a commission report
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A network&apos;s transactions export (CSV), or the address of its report. Orders are matched to clicks by the sub-ID the site added
        to the link; a later report updates an order&apos;s status instead of adding it again.
      </p>
      {refusal && (
        <Notice tone="red" title="Not read" className="mt-4" role="alert">
          {refusal.error}
        </Notice>
      )}
      {body}
    </section>
  );
}

function UploadForm({
  networks,
  refusal,
  network,
  reportUrl,
  busy,
}: {
  networks: string[];
  refusal: RefusedStep | undefined;
  network: string | undefined;
  reportUrl: string | null | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 md:grid-cols-3">
      <input type="hidden" name="intent" value="read-report" />
      <FormField
        label="Network *"
        name="network"
        list="revenue-networks"
        defaultValue={refusal?.network || network || ""}
        placeholder="Awin"
        required
      />
      <datalist id="revenue-networks">
        {networks.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <FormField label="Report file (CSV)" name="file" type="file" accept=".csv,text/csv" />
      <FormField
        label="Or its report URL"
        name="report_url"
        type="url"
        placeholder="https://"
        defaultValue={refusal?.reportUrl || reportUrl || ""}
      />
      <div>
        <Button type="submit" disabled={busy}>
          <Upload aria-hidden className="size-4" />
          Read the report
        </Button>
      </div>
    </Form>
  );
}

/** A mapping in hidden fields (the preview's "read again"). */
function MapFields({ map }: { map: ColumnMap }) {
  return (
    <>
      {MAPPED_FIELDS.map((field) => (
        <input key={field.key} type="hidden" name={`column_${field.key}`} value={map.columns[field.key]} />
      ))}
      <input type="hidden" name="default_currency" value={map.defaultCurrency} />
      <input type="hidden" name="day_first" value={String(map.dayFirst)} />
    </>
  );
}

function MappingForm({ upload, step, busy }: { upload: UploadScreen; step: MapStep; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 space-y-4" aria-label="Column mapping">
      <input type="hidden" name="intent" value="map-columns" />
      <input type="hidden" name="upload" value={upload.id} />
      <p className="text-sm">
        Which column of <strong>{upload.network}</strong>&apos;s report holds what? Kept for its next reports.
      </p>
      {step.preset && (
        <Notice
          tone={step.preset.whole ? "blue" : "yellow"}
          title={
            step.preset.whole
              ? `Read as ${step.preset.network}'s ${step.preset.report}`
              : `Some of ${step.preset.network}'s ${step.preset.report} columns are missing`
          }
        >
          {step.preset.whole
            ? `The choices below follow the columns ${step.preset.network} documents for it. ${step.preset.note} Check them, then preview.`
            : `The choices below follow ${step.preset.network}'s columns where this file has them; choose the others. ${step.preset.note}`}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {MAPPED_FIELDS.map((field) => (
          <label key={field.key} className="grid gap-1.5 text-sm font-medium">
            {field.label}
            {field.required ? " *" : ""}
            <select
              name={`column_${field.key}`}
              defaultValue={step.map.columns[field.key]}
              className={inputClasses}
              aria-invalid={step.problems[field.key] ? true : undefined}
            >
              <option value="">{field.required ? "Choose a column" : "Not in this report"}</option>
              {step.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
            {step.problems[field.key] && <span className="text-sm font-normal text-red-700">{step.problems[field.key]}</span>}
          </label>
        ))}
        <FormField
          label="Currency when none is given"
          name="default_currency"
          defaultValue={step.map.defaultCurrency}
          maxLength={3}
          error={step.problems.defaultCurrency}
        />
        <label className="grid gap-1.5 text-sm font-medium">
          Dates like 03/04/2026 are
          <select name="day_first" defaultValue={String(step.map.dayFirst)} className={inputClasses}>
            <option value="true">day first (3 April)</option>
            <option value="false">month first (March 4)</option>
          </select>
        </label>
      </div>
      <Button type="submit" disabled={busy}>
        Preview the orders
      </Button>
    </Form>
  );
}

function Preview({ upload, step, busy }: { upload: UploadScreen; step: PreviewStep; busy: boolean }) {
  const { plan, errors, errorCount } = step;
  return (
    <div className="mt-4 space-y-4" data-testid="revenue-preview">
      <p className="text-sm" data-testid="revenue-plan">
        {upload.network}: {step.orders.toLocaleString("en-US")} {step.orders === 1 ? "order" : "orders"} in the report:{" "}
        <strong>{count(plan.added)} new</strong>, <strong>{count(plan.updated)} updated</strong>, {count(plan.unchanged)} unchanged;{" "}
        {count(plan.matched)} of the new and updated match a click of this site.
      </p>
      {plan.changes.length > 0 && (
        <ul className="list-disc pl-5 text-sm" aria-label="Status changes">
          {plan.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
          {plan.changeCount > plan.changes.length && <li>and {plan.changeCount - plan.changes.length} more</li>}
        </ul>
      )}
      {step.sample.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label={`The first ${step.sample.length} orders`}>
            <thead>
              <tr className="text-xs uppercase text-ink-muted">
                <th className="py-1 pr-3">Line</th>
                <th className="py-1 pr-3">Order</th>
                <th className="py-1 pr-3">Sub-ID</th>
                <th className="py-1 pr-3">Date</th>
                <th className="py-1 pr-3">Sale</th>
                <th className="py-1 pr-3">Commission</th>
                <th className="py-1 pr-3">Status</th>
              </tr>
            </thead>
            <tbody>
              {step.sample.map((row) => (
                <tr key={row.orderId} className="border-t border-line">
                  <td className="py-1 pr-3 tabular-nums">{row.line}</td>
                  <td className="py-1 pr-3">{row.orderId}</td>
                  <td className="py-1 pr-3">{row.subId ?? "—"}</td>
                  <td className="py-1 pr-3">{new Date(row.orderedAt).toISOString().slice(0, 10)}</td>
                  <td className="py-1 pr-3 tabular-nums">{formatMoney(row.currency, row.saleHundredths)}</td>
                  <td className="py-1 pr-3 tabular-nums">{formatMoney(row.currency, row.commissionHundredths)}</td>
                  <td className="py-1 pr-3">{row.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {step.orders > step.sample.length && (
            <p className="mt-1 text-xs text-ink-muted">
              The first {step.sample.length} orders of {step.orders.toLocaleString("en-US")}.
            </p>
          )}
        </div>
      )}
      {errorCount > 0 ? (
        <Notice
          tone="red"
          title={`${errorCount} ${errorCount === 1 ? "line needs" : "lines need"} fixing; nothing will be saved`}
          role="alert"
        >
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
            {errorCount > errors.length && <li>and {errorCount - errors.length} more</li>}
          </ul>
        </Notice>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="save-report" />
          <input type="hidden" name="upload" value={upload.id} />
          <input type="hidden" name="fingerprint" value={plan.fingerprint} />
          <Button type="submit" disabled={busy}>
            Save {count(plan.added + plan.updated)} {plan.added + plan.updated === 1 ? "order" : "orders"}
          </Button>
        </Form>
      )}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="edit-mapping" />
          <input type="hidden" name="upload" value={upload.id} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Change the column mapping
          </Button>
        </Form>
        <Link to="/admin/revenue" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
          Upload another report
        </Link>
      </div>
    </div>
  );
}
