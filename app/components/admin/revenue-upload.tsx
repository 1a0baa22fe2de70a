import { Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Form } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { MAPPED_FIELDS, type ColumnMap } from "~/lib/revenue/commission-report";
import type { RevenueStep } from "~/server/revenue/revenue-actions.server";

/**
 * A network's commission report, step by step, each step a plain form: the file or URL, the
 * column mapping (once per network), the preview with its counts and every bad line, the save.
 */
export function RevenueUpload({ networks, step, busy }: { networks: string[]; step: RevenueStep | undefined; busy: boolean }) {
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
      {step?.step === "refused" && (
        <Notice tone="red" title="Not read" className="mt-4" role="alert">
          {step.error}
        </Notice>
      )}
      {step?.step === "map" ? (
        <MappingForm step={step} busy={busy} />
      ) : step?.step === "preview" ? (
        <Preview step={step} busy={busy} />
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 md:grid-cols-3">
          <input type="hidden" name="intent" value="read-report" />
          <FormField
            label="Network *"
            name="network"
            list="revenue-networks"
            defaultValue={step?.network ?? ""}
            placeholder="Awin"
            required
          />
          <datalist id="revenue-networks">
            {networks.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FormField label="Report file (CSV)" name="file" type="file" accept=".csv,text/csv" />
          <FormField label="Or its report URL" name="report_url" type="url" placeholder="https://" defaultValue={step?.reportUrl ?? ""} />
          <div>
            <Button type="submit" disabled={busy}>
              <Upload aria-hidden className="size-4" />
              Read the report
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The report and mapping carried between the steps. */
function Carried({ step, map }: { step: { network: string; reportUrl: string; report: string }; map?: ColumnMap }) {
  return (
    <>
      <input type="hidden" name="network" value={step.network} />
      <input type="hidden" name="report_url" value={step.reportUrl} />
      <input type="hidden" name="report" value={step.report} />
      {map && (
        <>
          {MAPPED_FIELDS.map((field) => (
            <input key={field.key} type="hidden" name={`column_${field.key}`} value={map.columns[field.key]} />
          ))}
          <input type="hidden" name="default_currency" value={map.defaultCurrency} />
          <input type="hidden" name="day_first" value={String(map.dayFirst)} />
        </>
      )}
    </>
  );
}

function MappingForm({ step, busy }: { step: Extract<RevenueStep, { step: "map" }>; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 space-y-4" aria-label="Column mapping">
      <input type="hidden" name="intent" value="map-columns" />
      <Carried step={step} />
      <p className="text-sm">
        Which column of <strong>{step.network}</strong>&apos;s report holds what? Kept for its next reports.
      </p>
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

function Preview({ step, busy }: { step: Extract<RevenueStep, { step: "preview" }>; busy: boolean }) {
  const { plan, errors } = step;
  return (
    <div className="mt-4 space-y-4" data-testid="revenue-preview">
      {step.formError && (
        <Notice tone="red" title="Not saved" role="alert">
          {step.formError}
        </Notice>
      )}
      <p className="text-sm" data-testid="revenue-plan">
        {step.network}: {step.orders} {step.orders === 1 ? "order" : "orders"} in the report: <strong>{plan.added} new</strong>,{" "}
        <strong>{plan.updated} updated</strong>, {plan.unchanged} unchanged; {plan.matched} of the new and updated match a click of this
        site.
      </p>
      {plan.changes.length > 0 && (
        <ul className="list-disc pl-5 text-sm" aria-label="Status changes">
          {plan.changes.slice(0, 50).map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
      {errors.length > 0 ? (
        <Notice
          tone="red"
          title={`${errors.length} ${errors.length === 1 ? "line needs" : "lines need"} fixing; nothing will be saved`}
          role="alert"
        >
          <ul className="mt-1 list-disc pl-5">
            {errors.slice(0, 100).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Notice>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="save-report" />
          <input type="hidden" name="fingerprint" value={plan.fingerprint} />
          <Carried step={step} map={step.map} />
          <Button type="submit" disabled={busy}>
            Save {plan.added + plan.updated} {plan.added + plan.updated === 1 ? "order" : "orders"}
          </Button>
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="edit-mapping" />
        <Carried step={step} map={step.map} />
        <Button type="submit" variant="secondary" disabled={busy}>
          Change the column mapping
        </Button>
      </Form>
    </div>
  );
}
