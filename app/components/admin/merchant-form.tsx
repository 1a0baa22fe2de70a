import { Form, Link } from "~/components/ui/link";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Notice } from "~/components/ui/notice";
import type { MerchantFormField } from "~/lib/offers/merchant-form";
import { SUB_ID_PRESETS } from "~/lib/offers/sub-id";
import { TRACKING_KINDS } from "~/lib/offers/tracking-ids";
import { fieldProps, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";

export interface MerchantFormState {
  values: FormValues;
  fieldErrors?: FieldErrors<MerchantFormField>;
  formError?: string | null;
}

/** Add or edit one merchant: a plain form posting to /admin/merchants (works without scripts). */
export function MerchantForm({
  editingId,
  version = 0,
  state,
  busy,
}: {
  editingId: number | null;
  /** The edited merchant's version as loaded: its save is refused over a newer one. */
  version?: number;
  state: MerchantFormState;
  busy: boolean;
}) {
  const field = (name: MerchantFormField, label: string, extra: Record<string, unknown> = {}) => (
    <FormField label={label} {...fieldProps(state, name)} {...extra} />
  );
  return (
    <section
      id="merchant-form"
      aria-labelledby="merchant-form-title"
      className="scroll-mt-24 rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
    >
      <h2 id="merchant-form-title" className="text-xl font-semibold">
        {editingId === null ? "Add a merchant" : `Edit merchant: ${state.values.name ?? ""}`}
      </h2>
      {state.formError && (
        <Notice tone="red" title="Not saved" className="mt-4" role="alert">
          {state.formError}
        </Notice>
      )}
      <Form method="post" className="mt-5 space-y-5" key={editingId ?? "new"}>
        <input type="hidden" name="intent" value="save-merchant" />
        {editingId !== null && <input type="hidden" name="id" value={editingId} />}
        {editingId !== null && <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />}
        <div className="grid gap-4 md:grid-cols-2">
          {field("name", "Name *")}
          {field("slug", "Slug", { hint: "Empty: made from the name. Lower-case letters, digits and dashes." })}
          {field("domain", "Shop domain", { placeholder: "shop.example", hint: "Offer links are matched to the merchant by it." })}
          {field("logo_url", "Logo URL", { placeholder: "https://" })}
          {field("countries", "Countries it sells to", { placeholder: "US, CA", hint: "Two-letter codes; empty: everywhere." })}
          {field("affiliate_params", "Affiliate parameters", {
            placeholder: "tag=mysite-20",
            hint: "Added to every offer link of this merchant that lacks them.",
          })}
          {field("sub_id_template", "Sub-ID parameter", {
            placeholder: "clickref={id}",
            list: "sub-id-presets",
            hint: "Each click's random ID, added to the link so the network's report names it: a network (Amazon Associates, Awin, CJ, Impact, ShareASale, Rakuten) or name={id}. Empty: none.",
          })}
          <datalist id="sub-id-presets">
            {SUB_ID_PRESETS.map((preset) => (
              <option key={preset.network} value={preset.template} label={preset.network} />
            ))}
          </datalist>
          {field("tracking_ids", "Tracking IDs by kind of page", {
            multiline: true,
            className: "md:col-span-2",
            placeholder: "product=mysite-prod-20\ncollection=mysite-coll-20\nlearn=mysite-learn-20",
            hint: `For Amazon Associates, whose report names a tracking ID rather than a click: one kind=tracking-id a line, each its own ID, and links from that kind of page go out with tag= set to it. Kinds: ${TRACKING_KINDS.join(", ")}. Empty: links keep their own tag.`,
          })}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save merchant"}
          </Button>
          <Link to="/admin/merchants" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
