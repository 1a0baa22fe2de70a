import { appContext } from "~/server/load-context";
import { data, useNavigation } from "react-router";
import { Plus } from "lucide-react";
import { EmptyTable } from "~/components/admin/admin-table";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { MerchantForm, type MerchantFormState } from "~/components/admin/merchant-form";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import { saveUnlessNewer, versionOf } from "~/server/forms/edit-conflict.server";
import { MerchantTable } from "~/components/admin/merchant-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { FlashNotice } from "~/components/ui/flash-notice";
import { Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { formFailure, formValues, parseForm } from "~/lib/forms/parse-form";
import { merchantFormSchema, merchantFormValues } from "~/lib/offers/merchant-form";
import type { ResultToast } from "~/lib/forms/result-toast";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { recordAdminAction } from "~/server/audit/audit-log.server";
import { invalidateCatalog } from "~/server/catalog/catalog-cache.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import { deleteMerchant, findMerchant, listMerchants, MerchantRefused, saveMerchant } from "~/server/offers/merchants-admin.server";
import type { Route } from "./+types/merchants";

/**
 * /admin/merchants: the shops that sell the products (name, domain, countries, number of offers),
 * the form to add or edit one, and deleting one that has no offers. Admins only (the admin layout's
 * middleware checks the role on the server before any loader or action).
 */

export const meta: Route.MetaFunction = () => [{ title: `Merchants - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const editId = Number(url.searchParams.get("edit"));
  const editable = Number.isSafeInteger(editId) && editId > 0;
  const [merchants, editing, version] = await Promise.all([
    listMerchants(context.get(appContext).db),
    editable ? findMerchant(context.get(appContext).db, editId) : Promise.resolve(null),
    editable ? versionOf(context.get(appContext).db, "merchants", editId) : Promise.resolve(null),
  ]);
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  const adding = url.searchParams.has("new");
  return data(
    {
      merchants,
      editing: editing ? { id: editing.id, version: version ?? 0, values: merchantFormValues(editing) } : null,
      adding,
      flash,
    },
    { headers },
  );
}

interface ActionResult {
  toast?: ResultToast;
  form?: MerchantFormState & { editingId: number | null };
  /** Someone saved the merchant after this form was loaded (docs/decisions/0103-no-silent-overwrite.md). */
  conflict?: EditConflict;
}

/** The merchant form's fields with the labels it shows, for a save conflict. */
const MERCHANT_FIELD_LABELS = [
  ["name", "Name"],
  ["slug", "Slug"],
  ["domain", "Shop domain"],
  ["logo_url", "Logo URL"],
  ["countries", "Countries it sells to"],
  ["affiliate_params", "Affiliate parameters"],
  ["sub_id_template", "Sub-ID parameter"],
  ["tracking_ids", "Tracking IDs by kind of page"],
] as const;

const intents = {
  "save-merchant": async ({ form: sent, request, context }) => {
    const editingId = Number(sent.get("id")) || null;
    const save = async (form: FormData, version: number) => {
      const parsed = parseForm(form, merchantFormSchema);
      const notSaved = (description: string, state: MerchantFormState) =>
        data<ActionResult>(
          { toast: { kind: "error", title: "Merchant not saved", description }, form: { ...state, editingId } },
          { status: 400 },
        );
      if (!parsed.ok) return notSaved("Check the highlighted fields.", parsed);
      try {
        const { id, created } = await saveMerchant(context.db, parsed.value, editingId, editingId === null ? undefined : version);
        invalidateCatalog(context.db);
        await recordAdminAction(
          { request, context },
          "merchant-saved",
          `${created ? "Added" : "Changed"} ${parsed.value.slug} (id ${id}): ${parsed.value.name}`,
        );
        throw await redirectWithFlash(request, context.config, "/admin/merchants", {
          toast: { kind: "success", title: "Merchant saved", description: `${parsed.value.name} is saved.` },
        });
      } catch (error) {
        if (!(error instanceof MerchantRefused)) throw error;
        const fieldErrors = error.field ? { [error.field]: error.message } : {};
        return notSaved(error.message, formFailure(formValues(form), fieldErrors, error.field ? null : error.message));
      }
    };
    if (editingId === null) return save(sent, 0);
    return saveUnlessNewer({
      form: sent,
      labels: MERCHANT_FIELD_LABELS,
      current: async () => {
        const [merchant, version] = await Promise.all([findMerchant(context.db, editingId), versionOf(context.db, "merchants", editingId)]);
        return merchant && version !== null ? { version, values: merchantFormValues(merchant) } : null;
      },
      reloadTo: `/admin/merchants?edit=${editingId}#merchant-form`,
      save,
    });
  },

  "delete-merchant": async ({ form, request, context }) => {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id <= 0)
      return data<ActionResult>(
        { toast: { kind: "error", title: "Nothing deleted", description: "No merchant was named." } },
        { status: 400 },
      );
    try {
      const { name } = await deleteMerchant(context.db, id);
      await recordAdminAction({ request, context }, "merchant-deleted", `Deleted ${name} (id ${id})`);
      throw await redirectWithFlash(request, context.config, "/admin/merchants", {
        toast: { kind: "success", title: "Merchant deleted", description: `${name} is deleted.` },
      });
    } catch (error) {
      if (!(error instanceof MerchantRefused)) throw error;
      await recordAdminAction({ request, context }, "merchant-deleted", `Refused (id ${id}): ${error.message}`);
      return data<ActionResult>({ toast: { kind: "error", title: "Merchant not deleted", description: error.message } }, { status: 409 });
    }
  },
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

export default function MerchantsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { merchants, editing, adding, flash } = loaderData;
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  useResultToast(flash);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-merchant";
  const formState =
    result?.form ?? (editing ? { values: editing.values, editingId: editing.id } : adding ? { values: {}, editingId: null } : null);

  return (
    <>
      <AdminPageHeader
        title="Merchants"
        description="The shops that sell the products. Offers link a product to a merchant, with its price and link."
      >
        <Link to="/admin/merchants?new#merchant-form" className={buttonClasses()}>
          <Plus aria-hidden className="size-4" />
          Add merchant
        </Link>
      </AdminPageHeader>
      <FlashNotice flash={flash} />
      <div className="space-y-6">
        {result?.toast?.kind === "error" && !result.form && !result.conflict && (
          <Notice tone="red" title={result.toast.title} role="alert">
            {result.toast.description}
          </Notice>
        )}
        {result?.conflict ? (
          <EditConflictPanel conflict={result.conflict} />
        ) : (
          formState && <MerchantForm editingId={formState.editingId} version={editing?.version} state={formState} busy={busy} />
        )}
        {merchants.length === 0 ? (
          <EmptyTable>
            No merchants yet. Add one, or import a product CSV with affiliate links: each shop domain becomes a merchant.
          </EmptyTable>
        ) : (
          <MerchantTable rows={merchants} />
        )}
        <p className="text-sm text-ink-muted">
          Offers are edited on each product&apos;s page, or many at once with the{" "}
          <Link to="/admin/offers" className="font-semibold text-brand underline">
            offers CSV
          </Link>
          .
        </p>
      </div>
    </>
  );
}
