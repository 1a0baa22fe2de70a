import { data } from "react-router";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import {
  guessColumnMap,
  MAPPED_FIELDS,
  mappingProblems,
  readCommissionReport,
  reportHeaders,
  type ColumnMap,
  type MappedField,
} from "~/lib/revenue/commission-report";
import { MAX_CSV_BYTES } from "~/lib/admin/upload-limits";
import type { IntentArgs, IntentTable } from "../forms/intents.server";
import { redirectWithFlash } from "../forms/flash.server";
import { fetchReport, listNetworks, planReport, ReportChanged, saveReport, type ReportPlan } from "./commission-reports.server";

/**
 * The steps of a commission report's upload on /admin/revenue, each a plain form post (no script
 * needed): read (the file or the report URL) → map the columns, when the network has no mapping
 * yet or this report's columns do not fit it → preview (counts, every bad line in words) → save,
 * all or nothing. The report's text travels in the form between the steps, never stored until saved.
 */

interface Source {
  network: string;
  reportUrl: string;
  report: string;
}

export type RevenueStep =
  | ({ step: "map"; headers: string[]; map: ColumnMap; problems: Partial<Record<MappedField | "defaultCurrency", string>> } & Source)
  | ({ step: "preview"; map: ColumnMap; plan: ReportPlan; orders: number; errors: string[]; formError?: string } & Source)
  | { step: "refused"; error: string; network: string; reportUrl: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

function refused(error: string, network: string, reportUrl: string) {
  return data<RevenueStep>({ step: "refused", error, network, reportUrl }, { status: 422 });
}

/** The mapping as the form sends it. */
function mapFrom(form: FormData): ColumnMap {
  const columns = Object.fromEntries(MAPPED_FIELDS.map((field) => [field.key, text(form, `column_${field.key}`)])) as Record<
    MappedField,
    string
  >;
  return { columns, defaultCurrency: text(form, "default_currency").toUpperCase(), dayFirst: form.get("day_first") === "true" };
}

function sourceFrom(form: FormData): Source {
  const report = form.get("report");
  return { network: text(form, "network"), reportUrl: text(form, "report_url"), report: typeof report === "string" ? report : "" };
}

async function preview({ context }: IntentArgs, source: Source, map: ColumnMap, formError?: string) {
  const headers = reportHeaders(source.report);
  if (!headers.ok) return refused(headers.error, source.network, source.reportUrl);
  const problems = mappingProblems(map, headers.headers);
  if (Object.keys(problems).length > 0)
    return data<RevenueStep>({ step: "map", headers: headers.headers, map, problems, ...source }, { status: 422 });
  const reading = readCommissionReport(source.report, map);
  if (!reading.ok) return refused(reading.error, source.network, source.reportUrl);
  const network = (await listNetworks(context.db)).find((entry) => entry.name === source.network);
  const plan = await planReport(context.db, network?.id ?? null, reading.rows);
  return data<RevenueStep>({ step: "preview", map, plan, orders: reading.rows.length, errors: reading.errors, formError, ...source });
}

export const revenueIntents = {
  /** The report as uploaded or fetched: its mapping asked for once per network, then the preview. */
  "read-report": async (args) => {
    const { form, context } = args;
    const network = text(form, "network");
    const reportUrl = text(form, "report_url");
    if (network === "" || network.length > 80)
      return refused("Name the network the report comes from (at most 80 characters), e.g. Awin.", network, reportUrl);
    const file = form.get("file");
    let report: string;
    if (file instanceof File && file.size > 0) {
      if (file.size > MAX_CSV_BYTES) return refused(IMPORT_MESSAGES.fileTooLarge(file.size), network, reportUrl);
      report = await file.text();
    } else if (reportUrl !== "") {
      if (!/^https?:\/\//i.test(reportUrl)) return refused("The report URL must start with https:// or http://.", network, reportUrl);
      const fetched = await fetchReport(reportUrl, context.config.outbound);
      if (!fetched.ok) return refused(fetched.error, network, reportUrl);
      report = fetched.text;
    } else {
      return refused("Choose the report's CSV file, or give its URL.", network, reportUrl);
    }
    const headers = reportHeaders(report);
    if (!headers.ok) return refused(headers.error, network, reportUrl);
    const stored = (await listNetworks(context.db)).find((entry) => entry.name === network);
    const source = { network, reportUrl, report };
    if (stored?.map && Object.keys(mappingProblems(stored.map, headers.headers)).length === 0) return preview(args, source, stored.map);
    const map = stored?.map ?? guessColumnMap(headers.headers);
    return data<RevenueStep>({ step: "map", headers: headers.headers, map, problems: {}, ...source });
  },
  "map-columns": (args) => preview(args, sourceFrom(args.form), mapFrom(args.form)),
  /** Back from the preview to the mapping, as it was. */
  "edit-mapping": ({ form }) => {
    const source = sourceFrom(form);
    const headers = reportHeaders(source.report);
    if (!headers.ok) return refused(headers.error, source.network, source.reportUrl);
    return data<RevenueStep>({ step: "map", headers: headers.headers, map: mapFrom(form), problems: {}, ...source });
  },
  "save-report": async (args) => {
    const { form, request, context } = args;
    const source = sourceFrom(form);
    const map = mapFrom(form);
    const reading = readCommissionReport(source.report, map);
    if (!reading.ok || reading.errors.length > 0) return preview(args, source, map);
    try {
      const plan = await saveReport(
        context.db,
        { name: source.network, map, reportUrl: source.reportUrl || null },
        reading.rows,
        text(form, "fingerprint"),
      );
      throw await redirectWithFlash(request, context.config, "/admin/revenue", {
        toast: {
          kind: "success",
          title: "Report saved",
          description: `${source.network}: ${plan.added} new ${plan.added === 1 ? "order" : "orders"}, ${plan.updated} updated, ${plan.unchanged} unchanged.`,
        },
      });
    } catch (error) {
      if (error instanceof ReportChanged) return preview(args, source, map, error.message);
      throw error;
    }
  },
} satisfies IntentTable;
