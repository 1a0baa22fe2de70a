import { z } from "zod";
import { readImageRef, readLines, readSlug, readText } from "../csv/csv-values";
import { readCountryCodes, unknownCountryText } from "./countries";
import { merchantSlugOf, shopDomain } from "./shop-domain";
import { SUB_ID_PRESETS, SUB_ID_TEMPLATE_ERROR, subIdParameter } from "./sub-id";
import { readTrackingIds, trackingIdsText, type TrackingIds } from "./tracking-ids";

/**
 * The admin's add/edit form for a merchant (a shop that sells products). Every value is checked
 * here, on the server, and a problem is an error beside its field; the value is what is saved.
 */

export const MERCHANT_FORM_FIELDS = [
  "name",
  "slug",
  "domain",
  "logo_url",
  "countries",
  "affiliate_params",
  "sub_id_template",
  "tracking_ids",
] as const;
export type MerchantFormField = (typeof MERCHANT_FORM_FIELDS)[number];
export type MerchantFormValues = Partial<Record<MerchantFormField, string>>;

export interface MerchantInput {
  name: string;
  slug: string;
  domain: string | null;
  logoUrl: string | null;
  /** ISO 3166-1 alpha-2, upper case; [] = everywhere. */
  countries: string[];
  affiliateParams: string | null;
  /** How a click's sub-ID is added to the links, "name={id}"; null or absent: no sub-ID (lib/offers/sub-id.ts). */
  subIdTemplate?: string | null;
  /** A tracking ID per kind of page (Amazon's tag=); null or absent: none (lib/offers/tracking-ids.ts). */
  trackingIds?: TrackingIds | null;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** name=value pairs joined with &; a value may hold a {placeholder}. */
const QUERY = /^[^\s=&#?]+=[^\s&#]*(?:&[^\s=&#?]+=[^\s&#]*)*$/;

export function readMerchantForm(
  values: MerchantFormValues,
): { ok: true; merchant: MerchantInput } | { ok: false; errors: Partial<Record<MerchantFormField, string>> } {
  const errors: Partial<Record<MerchantFormField, string>> = {};
  const name = readText(values.name);
  if (!name) errors.name = "Enter the shop's name.";
  else if (name.length > 120) errors.name = "Use at most 120 characters.";

  const slug = readSlug(values.slug) ?? (name ? merchantSlugOf(name) : "");
  if (name && !SLUG.test(slug)) errors.slug = "Use lower-case letters, digits and dashes, e.g. nordic-bath-supply.";

  const domainText = readText(values.domain);
  const domain = domainText === null ? null : shopDomain(domainText);
  if (domainText !== null && (domain === null || !domain.includes("."))) errors.domain = "Write the shop's domain, e.g. shop.example.";

  const logo = readImageRef(values.logo_url ?? "");
  if (logo.note) errors.logo_url = "Use an http(s) link or an uploaded file name.";

  const countries = readCountryCodes(readLines(values.countries));
  if (countries.unknown.length > 0) {
    errors.countries = `${countries.unknown.map(unknownCountryText).join(", ")}: not ISO 3166-1 two-letter country codes (e.g. US, DE, GB).`;
  }

  const params = readText(values.affiliate_params)?.replace(/^[?&]+/, "") || null;
  if (params !== null && !QUERY.test(params))
    errors.affiliate_params = "Write query parameters as name=value, joined with &, e.g. tag=mysite-20.";

  const templateText = readText(values.sub_id_template);
  // A network's name ("Awin") stands for its preset.
  const preset = SUB_ID_PRESETS.find((entry) => entry.network.toLowerCase() === templateText?.toLowerCase());
  const subIdTemplate = preset ? preset.template : templateText;
  if (subIdTemplate !== null && subIdParameter(subIdTemplate) === null) errors.sub_id_template = SUB_ID_TEMPLATE_ERROR;

  const tracking = readTrackingIds(values.tracking_ids);
  if (!tracking.ok) errors.tracking_ids = tracking.error;

  if (Object.keys(errors).length > 0 || !tracking.ok) return { ok: false, errors };
  return {
    ok: true,
    merchant: {
      name: name!,
      slug,
      domain,
      logoUrl: logo.value,
      countries: countries.codes,
      affiliateParams: params,
      subIdTemplate,
      trackingIds: tracking.ids,
    },
  };
}

/** The form as a zod schema for parseForm; each problem is an issue on its field. */
export const merchantFormSchema = z
  .object(
    Object.fromEntries(MERCHANT_FORM_FIELDS.map((field) => [field, z.string().default("")])) as Record<
      MerchantFormField,
      z.ZodDefault<z.ZodString>
    >,
  )
  .transform((values, ctx) => {
    const read = readMerchantForm(values);
    if (read.ok) return read.merchant;
    for (const [field, message] of Object.entries(read.errors)) ctx.addIssue({ code: "custom", path: [field], message });
    return z.NEVER;
  });

/** A saved merchant as form values, for editing. */
export function merchantFormValues(merchant: MerchantInput): MerchantFormValues {
  return {
    name: merchant.name,
    slug: merchant.slug,
    domain: merchant.domain ?? "",
    logo_url: merchant.logoUrl ?? "",
    countries: merchant.countries.join(", "),
    affiliate_params: merchant.affiliateParams ?? "",
    sub_id_template: merchant.subIdTemplate ?? "",
    tracking_ids: trackingIdsText(merchant.trackingIds),
  };
}
