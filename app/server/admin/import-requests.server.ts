import { data, redirect, type Params, type RouterContextProvider } from "react-router";
import { appContext, type AppServices } from "~/server/load-context";
import { checkCsvFile, fileTooLargeText, nothingToSave, type ImportKind } from "~/lib/csv/import-messages";
import { readCollectionChoice, type ImportPreview } from "~/lib/csv/import-plan";
import type { ResultToast } from "~/lib/forms/result-toast";
import { skipGenericAudit } from "../audit/audit-log.server";
import { getSignedInUser } from "../auth/guard.server";
import { dispatchIntent } from "../forms/intents.server";
import { CACHE_CONTROL } from "../http/cache-control.server";
import { BodyTooLarge, declaredLength, readBodyBytes, readForm, TOO_LARGE_HEADERS } from "../http/request-body.server";
import { loadJob } from "../jobs/job-queue.server";
import { toRunView } from "../jobs/runs-screen.server";
import { NotSavable, startImportRun, startSaveFromRun, type ImportAuditor, type ImportJobInput } from "./import-runs.server";

/**
 * The web process's side of a CSV import: it reads the upload under the import's limit (past
 * it, 413 with the page's own words), stores it and queues the run (import-runs.server.ts), and
 * answers at once: the page's script gets the run as JSON and follows its progress; a form posted
 * without JavaScript is sent to the run's page. Nothing is parsed or saved here. The caller has
 * checked the admin guard.
 */

/** The fields the upload form sends with its file: the question's answer and the plan it answered. */
export const COLLECTION_CHOICE_FIELD = "collection_choice";
export const IMPORT_PLAN_FIELD = "import_plan";
/** The confirm form's field naming the run whose file to save (the run page's Save). */
export const IMPORT_RUN_FIELD = "run";

/** The header the page sends its previewed plan's fingerprint in. */
export const PLAN_FINGERPRINT_HEADER = "x-import-plan";
/** The header the page sends the owner's CollectionChoice in. */
export const COLLECTION_CHOICE_HEADER = "x-import-collections";
/** The header naming the preview run whose file to save (the page's Save, with scripts): no file is sent again. */
export const IMPORT_RUN_HEADER = "x-import-run";
/** The file's name on the owner's computer, URI-encoded (the run's label). */
export const FILE_NAME_HEADER = "x-file-name";

/** What an import page's action answers when it does not go to the run's page. */
export interface ImportFormResult {
  toast?: ResultToast | null;
  importNotes?: string[];
  /** What the save did, row by row. */
  importPreview?: ImportPreview;
}

type Args = { request: Request; context: AppServices };
/** A route's arguments, as React Router gives them. */
type RouteArgs = { request: Request; context: Readonly<RouterContextProvider> };

export const runPath = (id: number) => `/admin/runs/${id}`;

async function auditorOf({ request, context }: Args): Promise<{ startedBy: string | null; auditor: ImportAuditor | null }> {
  const user = await getSignedInUser(request, context);
  // The save writes its own audit row, with its counts, inside its transaction.
  skipGenericAudit(request);
  if (!user) return { startedBy: null, auditor: null };
  return { startedBy: user.email, auditor: { userId: user.id, email: user.email, address: context.clientAddress ?? null } };
}

function fileNameFrom(headers: Headers): string {
  const raw = headers.get(FILE_NAME_HEADER);
  if (!raw) return "upload.csv";
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return "upload.csv";
  }
}

const tooLarge = (request: Request) =>
  Response.json(
    { ok: false, toast: { kind: "error", ...fileTooLargeText(declaredLength(request.headers)) } },
    { status: 413, headers: TOO_LARGE_HEADERS },
  );

const jsonError = (status: number, toast: ResultToast) => Response.json({ ok: false, toast }, { status });

/** The run as the page's script follows it. */
async function runAnswer(args: Args, id: number): Promise<Response> {
  const job = await loadJob(args.context.db, id);
  return Response.json(
    { ok: true, run: job ? toRunView(job) : null, runUrl: runPath(id) },
    { status: 202, headers: { "Cache-Control": CACHE_CONTROL.noStore } },
  );
}

/**
 * The import endpoints (`/admin/{kind}/import` and `.../preview`): the CSV file is the body (the
 * page's script, for its upload bar). The save may instead name a preview run (X-Import-Run) whose
 * stored file it saves; a form posted to the save endpoint (the run page's Save without
 * JavaScript) does the same and is sent to the new run's page.
 */
export async function respondToImportUpload(routeArgs: RouteArgs, kind: ImportKind, mode: ImportJobInput["mode"]): Promise<Response> {
  const args: Args = { request: routeArgs.request, context: routeArgs.context.get(appContext) };
  const { request, context } = args;
  const contentType = request.headers.get("content-type") ?? "";
  if (mode === "save" && /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType))
    return confirmFromForm(args, kind);
  const who = await auditorOf(args);
  const collectionChoice = readCollectionChoice(request.headers.get(COLLECTION_CHOICE_HEADER));
  const previewRun = request.headers.get(IMPORT_RUN_HEADER);
  if (mode === "save" && previewRun) {
    try {
      return await runAnswer(args, await startSaveFromRun(context.db, kind, Number(previewRun), { ...who, collectionChoice }));
    } catch (error) {
      if (!(error instanceof NotSavable)) throw error;
      return jsonError(409, { kind: "error", title: "Nothing was saved", description: error.message });
    }
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge(request);
    throw error;
  }
  if (bytes.byteLength === 0) return jsonError(422, { kind: "error", ...nothingToSave(kind) });
  const id = await startImportRun(context.config, context.db, {
    kind,
    mode,
    bytes,
    fileName: fileNameFrom(request.headers),
    ...who,
    expectedFingerprint: mode === "save" ? request.headers.get(PLAN_FINGERPRINT_HEADER) || null : null,
    collectionChoice,
  });
  return runAnswer(args, id);
}

/** The run page's Save (no JavaScript needed): saves the file that run read, then shows the save's run. */
async function confirmFromForm(args: Args, kind: ImportKind): Promise<Response> {
  let form: FormData;
  try {
    form = await readForm(args.request);
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge(args.request);
    throw error;
  }
  const runId = Number(form.get(IMPORT_RUN_FIELD));
  const who = await auditorOf(args);
  try {
    const id = await startSaveFromRun(args.context.db, kind, runId, {
      ...who,
      collectionChoice: readCollectionChoice(form.get(COLLECTION_CHOICE_FIELD)),
    });
    return redirect(runPath(id), 303);
  } catch (error) {
    if (!(error instanceof NotSavable)) throw error;
    return redirect(`${runPath(runId)}?refused=1`, 303);
  }
}

/** The page's form, read under its route's limit; past it, the same words as the script's check of the file. */
export async function readImportForm(
  request: Request,
): Promise<{ form: FormData } | { refused: ReturnType<typeof data<ImportFormResult>> }> {
  try {
    return { form: await readForm(request) };
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    const toast: ResultToast = { kind: "error", ...fileTooLargeText(declaredLength(request.headers)) };
    return { refused: data<ImportFormResult>({ toast }, { status: 413, headers: TOO_LARGE_HEADERS }) };
  }
}

/**
 * The import pages' path without JavaScript: the form posts the chosen file as a multipart
 * field; it is checked as the page's script would check it, stored, and its save queued; the
 * owner is sent to the run's page, which follows it and then says what it saved. The whole form
 * goes along: a product import's answer to the rule-listed collections' question and the plan it
 * answered come with the file.
 */
export async function importFromForm(args: Args, form: FormData, kind: ImportKind) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return data<ImportFormResult>({ toast: { kind: "error", ...nothingToSave(kind) } }, { status: 400 });
  const refused = checkCsvFile(file, kind);
  if (refused) return data<ImportFormResult>({ toast: { kind: "error", ...refused } }, { status: 400 });
  const answered = form.get(IMPORT_PLAN_FIELD);
  const id = await startImportRun(args.context.config, args.context.db, {
    kind,
    mode: "save",
    bytes: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name,
    ...(await auditorOf(args)),
    collectionChoice: readCollectionChoice(form.get(COLLECTION_CHOICE_FIELD)),
    expectedFingerprint: typeof answered === "string" && answered !== "" ? answered : null,
  });
  throw redirect(runPath(id), 303);
}

/** The action of a page whose only form is its import's (intent `import-csv`, as on the products page). */
export async function importFormAction(
  args: RouteArgs & { params: Params },
  kind: ImportKind,
): Promise<ReturnType<typeof data<ImportFormResult>>> {
  const read = await readImportForm(args.request);
  if ("refused" in read) return read.refused;
  return dispatchIntent(
    args,
    { "import-csv": ({ form, request, context }) => importFromForm({ request, context }, form, kind) },
    { form: read.form },
  );
}
