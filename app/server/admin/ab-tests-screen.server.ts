import type { AppServices } from "~/server/load-context";
import { data } from "react-router";
import {
  BUY_BUTTON_ELEMENTS,
  BUY_BUTTON_OPTIONS,
  ELEMENT_NAMES,
  OPTION_NAMES,
  PAGE_KIND_NAMES,
  TEST_PAGE_KINDS,
  type BuyButtonElement,
  type TestPageKind,
} from "~/lib/ab-tests/buy-button";
import { testReport } from "~/lib/ab-tests/test-report";
import type { ResultToast } from "~/lib/forms/result-toast";
import { formatLongUsDate } from "~/lib/text/dates";
import {
  endTest,
  findTest,
  listTests,
  readAppliedSettings,
  startTest,
  TestAlreadyRunning,
  testFigures,
  type AbTest,
} from "../ab-tests/ab-tests.server";
import { recordAdminAction } from "../audit/audit-log.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { readFlash, redirectWithFlash } from "../forms/flash.server";
import type { IntentArgs } from "../forms/intents.server";

/**
 * /admin/ab-tests and /admin/ab-tests/{id} (admins only; docs/decisions/0111): start a test of
 * the buy button on a kind of page, read its results, end it and apply the winner.
 */

const day = (millis: number) => formatLongUsDate(new Date(millis).toISOString().slice(0, 10));

function testTitle(test: Pick<AbTest, "element" | "pageKind">): string {
  return `${ELEMENT_NAMES[test.element]} on ${PAGE_KIND_NAMES[test.pageKind].toLowerCase()}`;
}

function summary(test: AbTest) {
  return {
    id: test.id,
    title: testTitle(test),
    running: test.status === "running",
    variants: test.variants.map((option) => OPTION_NAMES[option] ?? option),
    startedText: day(test.startedAt),
    endedText: test.endedAt === null ? null : day(test.endedAt),
    appliedText:
      test.status === "running"
        ? null
        : test.appliedVariant === null
          ? "Nothing applied"
          : `Applied: ${OPTION_NAMES[test.variants[test.appliedVariant] ?? ""] ?? "?"}`,
  };
}

export async function loadAbTestsScreen(request: Request, context: AppServices) {
  const [tests, applied, { flash, headers }] = await Promise.all([
    listTests(context.db),
    readAppliedSettings(context.db),
    readFlash(request, context.config),
  ]);
  const runningKinds = new Set(tests.filter((test) => test.status === "running").map((test) => test.pageKind));
  return data(
    {
      tests: tests.map(summary),
      // What a new test can be: per kind of page not already under test, each element with today's option (the control) and the others.
      choices: TEST_PAGE_KINDS.filter((kind) => !runningKinds.has(kind)).map((kind) => ({
        pageKind: kind,
        pageName: PAGE_KIND_NAMES[kind],
        elements: BUY_BUTTON_ELEMENTS.map((element) => ({
          element,
          name: ELEMENT_NAMES[element],
          control: { option: applied[kind][element], name: OPTION_NAMES[applied[kind][element]]! },
          challengers: (BUY_BUTTON_OPTIONS[element] as readonly string[])
            .filter((option) => option !== applied[kind][element])
            .map((option) => ({ option, name: OPTION_NAMES[option]! })),
        })),
      })),
      flash,
    },
    { headers },
  );
}

export async function loadAbTestScreen(request: Request, context: AppServices, id: string | undefined) {
  const test = /^\d{1,9}$/.test(id ?? "") ? await findTest(context.db, Number(id)) : null;
  if (!test) throw data("No such test.", { status: 404 });
  const [figures, { flash, headers }] = await Promise.all([testFigures(context.db, test), readFlash(request, context.config)]);
  return data(
    { test: { ...summary(test), version: test.version, options: test.variants }, report: testReport(test.variants, figures), flash },
    { headers },
  );
}

export interface AbTestActionResult {
  toast: ResultToast;
}

const refuse = (description: string, status = 400) =>
  data<AbTestActionResult>({ toast: { kind: "error", title: "Test not started", description } }, { status });

export async function startTestIntent({ form, request, context }: IntentArgs) {
  const pageKind = String(form.get("pageKind") ?? "") as TestPageKind;
  const element = String(form.get("element") ?? "") as BuyButtonElement;
  if (!TEST_PAGE_KINDS.includes(pageKind)) return refuse("Choose the pages the test runs on.");
  if (!BUY_BUTTON_ELEMENTS.includes(element)) return refuse("Choose what the test changes.");
  // Each element's challengers are named `challenger:{element}`, so a form with all three lists open sends only the chosen one's.
  const challengers = form.getAll(`challenger:${element}`).map(String);
  const known = BUY_BUTTON_OPTIONS[element] as readonly string[];
  if (challengers.length === 0 || !challengers.every((option) => known.includes(option))) {
    return refuse(`Tick at least one option to try against today's ${ELEMENT_NAMES[element].toLowerCase()}.`);
  }
  let id: number;
  try {
    id = await startTest(context.db, { pageKind, element, challengers });
  } catch (error) {
    if (error instanceof TestAlreadyRunning) return refuse(error.message, 409);
    throw error;
  }
  await recordAdminAction({ request, context }, "ab-test-started", `A/B test ${id} started: ${testTitle({ element, pageKind })}`);
  invalidateCatalog(context.db);
  throw await redirectWithFlash(request, context.config, `/admin/ab-tests/${id}`, {
    toast: {
      kind: "success",
      title: "Test started",
      description: "Readers are split between the variants from their next page on. Results fill in as they read and click.",
    },
  });
}

export async function endTestIntent({ form, request, context, params }: IntentArgs) {
  const test = /^\d{1,9}$/.test(params.testId ?? "") ? await findTest(context.db, Number(params.testId)) : null;
  if (!test) throw data("No such test.", { status: 404 });
  const version = Number(form.get("version"));
  const applyField = String(form.get("apply") ?? "none");
  const apply = applyField === "none" ? null : /^\d$/.test(applyField) ? Number(applyField) : -1;
  if (apply === -1 || (apply !== null && apply >= test.variants.length)) {
    return data<AbTestActionResult>(
      { toast: { kind: "error", title: "Test not ended", description: "That variant is not one of this test's." } },
      { status: 400 },
    );
  }
  const ended = await endTest(context.db, test.id, Number.isInteger(version) ? version : -1, apply);
  if (!ended) {
    return data<AbTestActionResult>(
      {
        toast: {
          kind: "error",
          title: "Test not ended",
          description: "Someone ended or changed this test after you opened it. The page shows it as it is now.",
        },
      },
      { status: 409 },
    );
  }
  const applied = apply === null ? null : (OPTION_NAMES[test.variants[apply]!] ?? test.variants[apply]!);
  await recordAdminAction(
    { request, context },
    "ab-test-ended",
    `A/B test ${test.id} ended (${testTitle(test)})${applied ? `; "${applied}" applied` : "; nothing applied"}`,
  );
  invalidateCatalog(context.db);
  throw await redirectWithFlash(request, context.config, `/admin/ab-tests/${test.id}`, {
    toast: {
      kind: "success",
      title: "Test ended",
      description: applied
        ? `Every reader now sees "${applied}" on ${PAGE_KIND_NAMES[test.pageKind].toLowerCase()}.`
        : "Every reader sees the control again; nothing was changed.",
    },
  });
}
