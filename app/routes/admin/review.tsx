import { appContext } from "~/server/load-context";
import type { data } from "react-router";
import { useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { ReviewFields } from "~/components/admin/review-fields";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { UpdateNoteField } from "~/components/admin/update-note-field";
import { Button } from "~/components/ui/button";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { ratingText } from "~/lib/catalog/ratings";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { loadReviewScreen, saveReviewScreen, type ReviewActionResult } from "~/server/admin/review-screen.server";
import { saveMeasuredValuesIntent, type MeasuredValuesActionResult } from "~/server/admin/measured-values-screen.server";
import { MeasuredValuesForm } from "~/components/admin/measured-values-form";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/review";

/**
 * /admin/reviews/:productId: one product's review fields and nothing else of it, for admins and
 * editors. The rating is worked out from the scores by the owner's weights.
 */

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Review: ${data?.name ?? "product"} - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadReviewScreen(request, context.get(appContext), Number(params.productId));
}

export async function action(args: Route.ActionArgs): Promise<ReturnType<typeof data<ReviewActionResult & MeasuredValuesActionResult>>> {
  return dispatchIntent(args, {
    "save-review": (intent) => saveReviewScreen(intent, Number(args.params.productId)),
    "save-measured-values": (intent) => saveMeasuredValuesIntent(intent, Number(args.params.productId)),
  } satisfies IntentTable);
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, slug, version, values, rating, notes, measured, flash } = loaderData;
  useResultToast(actionData);
  useResultToast(flash);
  const busy = useNavigation().state === "submitting";
  const state = actionData?.form ?? { values };
  const measuredState = actionData?.measuredForm ?? { values: measured.values };
  return (
    <>
      <AdminPageHeader title={`Review: ${name}`} description={`The overall rating now: ${ratingText(rating)} of 5.`} />
      {(flash?.notes?.length ?? 0) > 0 && (
        <Notice tone="yellow" title="Saved with changes" className="mb-4" role="status">
          <ul className="list-disc pl-5">
            {flash?.notes?.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Notice>
      )}
      {/* A save refused because someone saved first: the choice takes the form's place. */}
      {actionData?.conflict ? (
        <EditConflictPanel conflict={actionData.conflict} />
      ) : (
        /* A saved note starts a fresh form, so the note field is empty again and cannot be sent twice. */
        <Form method="post" className="space-y-5" key={`${id}:${notes.length}:${notes[0]?.text ?? ""}`}>
          <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />
          <ReviewFields state={state} />
          <UpdateNoteField state={actionData?.form ?? null} notes={notes} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save-review" disabled={busy}>
              {busy ? "Saving…" : "Save review"}
            </Button>
            <Link
              to={`/reviews/product/${slug}`}
              className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand"
            >
              View the product page
            </Link>
            <Link to="/admin/reviews" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
              All reviews
            </Link>
            <Link
              to={`/admin/reviews/${id}/revisions`}
              className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand"
            >
              Revisions
            </Link>
          </div>
        </Form>
      )}
      {!actionData?.conflict && (
        <MeasuredValuesForm
          key={`${version}:${JSON.stringify(measured.values)}`}
          definitions={measured.definitions}
          version={version}
          state={measuredState}
          busy={busy}
        />
      )}
    </>
  );
}
