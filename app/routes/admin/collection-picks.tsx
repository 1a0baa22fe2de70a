import { appContext } from "~/server/load-context";
import { useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { PICK_LABEL_MAX, PICK_REASON_MAX, PICK_ROLES, type PickEntryErrors, type PickEntryInput } from "~/lib/collection/pick-roles";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { loadPicksScreen, savePicksScreen } from "~/server/admin/collection-picks-screen.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import type { Route } from "./+types/collection-picks";

/**
 * /admin/collections/:collectionId/picks: the roles the owner gives products in a collection
 * (Best overall, Runner-up, Budget pick, Upgrade pick, or their own) with one line why each, and
 * the products listed under "Also tested" with a sentence each. Administrators only.
 */

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `Picks: ${loaderData?.collection.title ?? "collection"} - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPicksScreen(request, context.get(appContext), Number(params.collectionId));
}

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, {
    "save-picks": (intent) => savePicksScreen(intent, Number(args.params.collectionId)),
  } satisfies IntentTable);
}

export default function CollectionPicksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, names, suggestions, flash } = loaderData;
  useResultToast(actionData);
  useResultToast(flash);
  const busy = useNavigation().state === "submitting";
  const failed = actionData && "rows" in actionData ? actionData : null;
  const rows = failed?.rows ?? loaderData.rows;
  return (
    <>
      <AdminPageHeader
        title={`Picks: ${collection.title}`}
        description="Give products a role at the head of the collection page, each with one line on why, and list the ones you tested but did not pick."
      >
        <Link to={`/reviews/${collection.slug}`} className="font-semibold text-brand underline">
          View the page
        </Link>
        <Link to="/admin/collections" className="font-semibold text-brand underline">
          All collections
        </Link>
      </AdminPageHeader>
      {failed && failed.formErrors.length > 0 && (
        <Notice tone="red" title="Picks not saved" className="mb-4" role="alert">
          <ul className="list-disc pl-5">
            {failed.formErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Notice>
      )}
      <Form method="post" className="space-y-5" key={JSON.stringify(loaderData.rows)}>
        <p className="max-w-3xl text-sm text-ink-muted">
          One Best overall per collection. The line why is required, at most {PICK_REASON_MAX} characters. Type a product&apos;s slug (the
          field suggests the saunas this collection lists) or its number. Leave a row empty to skip it; empty every field of a row to remove
          its entry. The page shows the entries in this order.
        </p>
        <datalist id="pick-products">
          {suggestions.map((sauna) => (
            <option key={sauna.slug} value={sauna.slug}>
              {sauna.name}
            </option>
          ))}
        </datalist>
        <ol className="space-y-4">
          {rows.map((row, index) => (
            <li key={index}>
              <PickRow index={index} row={row} name={names[row.product]} errors={failed?.rowErrors[index]} />
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save-picks" disabled={busy}>
            {busy ? "Saving…" : "Save picks"}
          </Button>
        </div>
      </Form>
    </>
  );
}

function PickRow({ index, row, name, errors }: { index: number; row: PickEntryInput; name?: string; errors?: PickEntryErrors }) {
  const roleId = `pick-role-${index}`;
  const roleError = errors?.role ? `${roleId}-error` : undefined;
  return (
    <fieldset className="grid gap-4 rounded-card border border-line p-4 md:grid-cols-[minmax(0,1fr)_12rem_minmax(0,1fr)]">
      <legend className="px-1 text-base font-semibold">
        Entry {index + 1}
        {name ? `: ${name}` : ""}
      </legend>
      <FormField
        label="Product (slug or number)"
        name="product"
        list="pick-products"
        autoComplete="off"
        defaultValue={row.product}
        error={errors?.product}
      />
      <div className="space-y-1.5">
        <label htmlFor={roleId} className="block text-sm font-medium text-ink">
          Role
        </label>
        <select
          id={roleId}
          name="role"
          defaultValue={row.role}
          aria-invalid={errors?.role ? true : undefined}
          aria-describedby={roleError}
          className={inputClasses}
        >
          <option value="">Choose…</option>
          {PICK_ROLES.map((role) => (
            <option key={role.key} value={role.key}>
              {role.label}
            </option>
          ))}
        </select>
        {errors?.role && (
          <p id={roleError} className="text-sm text-red-700">
            {errors.role}
          </p>
        )}
      </div>
      <FormField
        label="Your own role (if you chose one)"
        name="label"
        placeholder="Best for families"
        hint={`At most ${PICK_LABEL_MAX} characters.`}
        defaultValue={row.label}
        error={errors?.label}
      />
      <FormField
        label="Why (one line; for Also tested, one sentence)"
        name="reason"
        multiline
        rows={2}
        className="md:col-span-3"
        hint={`At most ${PICK_REASON_MAX} characters.`}
        defaultValue={row.reason}
        error={errors?.reason}
      />
    </fieldset>
  );
}
