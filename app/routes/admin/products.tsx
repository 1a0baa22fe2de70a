import { HardDrive, Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, useFetcher, useNavigation, useRevalidator } from "react-router";
import { FetcherForm, Link } from "~/components/ui/link";
import { Collapsible, CollectionOptions, CsvGuide } from "~/components/admin/csv-reference";
import { CsvImportForm } from "~/components/admin/csv-import-form";
import { parseProductFile } from "~/components/admin/csv-upload-client";
import { ExistingProducts } from "~/components/admin/existing-products";
import { FileButton } from "~/components/ui/file-button";
import { ImportOutcome } from "~/components/admin/import-outcome";
import { ExportCsvLink, SaveCsvButton } from "~/components/admin/csv-toolbar";
import { ImageUpload, type ImageUploadResult } from "~/components/admin/image-upload";
import { Notice } from "~/components/ui/notice";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ProductForm, type ProductFormState } from "~/components/admin/product-form";
import { ProductPreviewTable } from "~/components/admin/product-preview-table";
import { ProductOffers } from "~/components/admin/product-offers";
import { ProgressBar } from "~/components/admin/progress-bar";
import { StorageBanner } from "~/components/admin/storage-banner";
import { useCsvImport } from "~/components/admin/use-csv-import";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { WarningsList } from "~/components/admin/warnings-list";
import { buttonClasses } from "~/components/ui/button";
import { storageToast, type StorageState } from "~/lib/admin/storage-messages";
import { PRODUCT_COLUMN_GUIDE, PRODUCT_CSV_TEMPLATE } from "~/lib/csv/csv-guidelines";
import type { ImportPreview } from "~/lib/csv/import-plan";
import { IMPORT_MESSAGES } from "~/lib/csv/import-messages";
import type { ProductCsvResult } from "~/lib/csv/product-csv";
import { PRODUCT_FORM_FIELDS, productFormSchema, productFormValues, readProductForm } from "~/lib/csv/product-form";
import { formFailure, formValues, parseForm, valueText } from "~/lib/forms/parse-form";
import type { ResultToast } from "~/lib/result-toast";
import { findProductForEdit, listCollectionSlugs } from "~/server/admin/admin-queries.server";
import { listProductsPage } from "~/server/products/products.server";
import { importFormUpload } from "~/server/admin/csv-import.server";
import { saveOneProduct } from "~/server/admin/product-save.server";
import { ImportRowError } from "~/server/admin/save-errors";
import { requireAdmin } from "~/server/auth/guard.server";
import { recordAdminAction, recordImport } from "~/server/audit/audit-log.server";
import { readFlash, redirectWithFlash } from "~/server/forms/flash.server";
import { dispatchIntent, type IntentTable } from "~/server/forms/intents.server";
import { invalidateCatalog } from "~/server/catalog/catalog-cache.server";
import { BodyTooLarge, PRODUCT_UPLOAD_LIMIT_BYTES, readForm } from "~/server/http/request-body.server";
import { MAX_IMAGES_PER_UPLOAD, storeProductImages } from "~/server/storage/image-upload.server";
import { productOffersForAdmin } from "~/server/offers/offer-admin-reads.server";
import { offerIntents, type OfferFormState } from "~/server/offers/offer-intents.server";
import { merchantChoices } from "~/server/offers/merchants-admin.server";
import { offerFormValues } from "~/lib/offers/offer-form";
import { productImagesStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/products";

/**
 * /admin/products and /admin/products/new: storage status and
 * image uploads, the CSV import (parsed and previewed in the browser, saved by the server in one
 * transaction), the existing products, and the one-product form.
 */

type Mode = "list" | "new" | "edit";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const isNew = /\/products\/new\/?$/.test(url.pathname);
  const editId = Number(url.searchParams.get("edit"));
  const filter = {
    category: url.searchParams.get("category") || undefined,
    feature: url.searchParams.get("feature") || undefined,
    search: url.searchParams.get("q")?.trim() || undefined,
  };
  const [storage, existing, collectionSlugs, editing] = await Promise.all([
    productImagesStorage(context.config, context.db).check({ create: false }),
    listProductsPage(context.db, filter, Number(url.searchParams.get("page")) || 1),
    listCollectionSlugs(context.db),
    !isNew && Number.isSafeInteger(editId) && editId > 0 ? findProductForEdit(context.db, editId) : Promise.resolve(null),
  ]);
  const mode: Mode = isNew ? "new" : editing ? "edit" : "list";
  // The edited product's offers, each with the values its edit form starts from.
  const [offers, merchants] = editing
    ? await Promise.all([productOffersForAdmin(context.db, editing.product.id), merchantChoices(context.db)])
    : [[], []];
  const { flash, headers } = await readFlash(request, context.config);
  return data(
    {
      mode,
      storage: storage as StorageState,
      existing: { ...existing, filter },
      collectionSlugs,
      editing: editing
        ? { id: editing.product.id, name: editing.product.name, values: productFormValues(editing.product, editing.collectionSlugs) }
        : null,
      offers: offers.map((offer) => ({ ...offer, values: offerFormValues(offer) })),
      merchants,
      // What the last save or delete said (set by the action that redirected here).
      flash,
    },
    { headers },
  );
}

interface ActionResult {
  toast?: ResultToast | null;
  storage?: StorageState;
  uploads?: ImageUploadResult["uploads"];
  form?: ProductFormState;
  importNotes?: string[];
  /** The no-JavaScript import: what the save did, row by row. */
  importPreview?: ImportPreview;
  /** A refused offer save: its form's values and errors. */
  offerForm?: OfferFormState;
}

const refuse = (status: number, toast: ResultToast, extra: Partial<ActionResult> = {}) =>
  data<ActionResult>({ toast, ...extra }, { status });

const NOT_SAVED: ResultToast = { kind: "error", title: "Product not saved", description: "Check the highlighted fields." };

const intents = {
  "check-storage": async ({ request, context }) => {
    const status = await productImagesStorage(context.config, context.db).check({ create: true });
    await recordAdminAction({ request, context }, "image-storage-checked", `${context.config.imageStorage}: ${status.state}`);
    return data<ActionResult>({ storage: status, toast: storageToast(status) });
  },

  "upload-images": async ({ form, request, context }) => {
    const storage = productImagesStorage(context.config, context.db);
    const files = form.getAll("images").filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);
    if (files.length === 0)
      return refuse(400, { kind: "error", title: "No images chosen", description: "Choose one or more image files first." });
    if (files.length > MAX_IMAGES_PER_UPLOAD) {
      return refuse(400, {
        kind: "error",
        title: "Too many images",
        description: `Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`,
      });
    }
    const uploads = await storeProductImages(
      storage,
      await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }))),
    );
    const stored = uploads.filter((upload) => upload.ok).length;
    const refused = uploads.length - stored;
    await recordAdminAction({ request, context }, "images-uploaded", `${stored} stored, ${refused} refused`);
    const toast: ResultToast =
      refused === 0
        ? {
            kind: "success",
            title: "Images uploaded",
            description: `Stored ${stored} ${stored === 1 ? "image" : "images"} in product-images.`,
          }
        : {
            kind: stored > 0 ? "warning" : "error",
            title: stored > 0 ? "Some images were refused" : "Images refused",
            description: `${stored} stored, ${refused} refused.`,
          };
    return data<ActionResult>({ uploads, toast, storage: await storage.check({ create: false }) }, { status: stored > 0 ? 200 : 400 });
  },

  "save-product": async ({ form, request, context }) => {
    const rules = { knownCollectionSlugs: new Set(await listCollectionSlugs(context.db)) };
    const parsed = parseForm(form, productFormSchema(rules));
    if (!parsed.ok) {
      // What else the rules said about the typed values is shown beside the errors.
      const typed = Object.fromEntries(PRODUCT_FORM_FIELDS.map((field) => [field, valueText(parsed.values, field)]));
      return refuse(400, NOT_SAVED, { form: { ...parsed, warnings: readProductForm(typed, rules).warnings } });
    }
    const editingId = Number(form.get("id")) || null;
    try {
      const { id } = await saveOneProduct(context.db, parsed.value.product, editingId, context.config.prices);
      invalidateCatalog(context.db);
      await recordAdminAction(
        { request, context },
        "product-saved",
        `${editingId ? "Changed" : "Added"} ${parsed.value.product.slug} (id ${id}): ${parsed.value.product.name}`,
      );
      // Post/redirect/get: the page shows the saved product, and the flash says it was saved.
      throw await redirectWithFlash(request, context.config, `/admin/products?edit=${id}#product-form`, {
        toast: { kind: "success", title: "Product saved", description: "The product page shows the change now." },
        notes: parsed.value.warnings,
      });
    } catch (error) {
      if (error instanceof ImportRowError) {
        const fieldErrors = error.reason.includes("slug") ? { slug: "Another product already has this slug." } : {};
        return refuse(
          409,
          { kind: "error", title: "Product not saved", description: error.reason },
          {
            form: formFailure(formValues(form), fieldErrors, error.message),
          },
        );
      }
      throw error;
    }
  },

  "import-csv": async ({ form, request, context }) => {
    // The form's no-JavaScript path: the same import the page's script sends to /admin/products/import.
    const { status, ...outcome } = await importFormUpload(context.db, form, "products", context.config.prices);
    await recordImport({ request, context }, "products", { status, toast: outcome.toast });
    return data<ActionResult>(outcome, { status });
  },

  // Add, edit and delete one offer of the edited product (app/server/offers/offer-intents.server.ts).
  ...offerIntents,
} satisfies IntentTable;

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  await requireAdmin(request, context);
  let form: FormData;
  try {
    // Under the page's upload limit (request-body.server.ts), however the body is sent.
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    return refuse(413, {
      kind: "error",
      title: "Upload too large",
      description: `Send at most ${PRODUCT_UPLOAD_LIMIT_BYTES / (1024 * 1024)} MB at a time (each image at most 10 MB).`,
    });
  }
  return dispatchIntent(args, intents, { form });
}

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, existing, collectionSlugs, editing, flash } = loaderData;
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  // Once per arrival: a revalidation finds the flash already cleared.
  useResultToast(flash);
  const navigation = useNavigation();
  const revalidator = useRevalidator();

  // Storage: checked (and the bucket created if missing) on load, and on the button.
  const storageFetcher = useFetcher<ActionResult>();
  useResultToast(storageFetcher.data);
  const autoChecked = useRef(false);
  useEffect(() => {
    if (loaderData.storage.state === "missing" && !autoChecked.current) {
      autoChecked.current = true;
      storageFetcher.submit({ intent: "check-storage" }, { method: "post" });
    }
  }, [loaderData.storage.state, storageFetcher]);
  const storage = storageFetcher.data?.storage ?? result?.storage ?? loaderData.storage;

  const importer = useCsvImport<ProductCsvResult>({
    kind: "products",
    endpoint: "/admin/products/import",
    previewEndpoint: "/admin/products/import/preview",
    parse: async (file, onProgress) => {
      const outcome = await parseProductFile(file, { knownCollectionSlugs: new Set(collectionSlugs) }, onProgress);
      return outcome.ok ? { ok: true, parsed: outcome } : { ok: false, error: outcome.error };
    },
    parsedToast: (parsed) => ({
      title: IMPORT_MESSAGES.csvUploadedTitle,
      description: IMPORT_MESSAGES.csvUploaded(parsed.products.length),
    }),
    onSaved: () => revalidator.revalidate(),
  });
  const { state, parsed, busy } = importer;

  const title = mode === "new" ? "Add New Product" : "Products Management";
  const formState: ProductFormState | null =
    result?.form ??
    (mode === "new" ? { values: {} } : mode === "edit" && editing ? { values: editing.values, warnings: flash?.notes } : null);
  const formBusy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-product";

  return (
    <>
      <AdminPageHeader
        toolbar
        title={title}
        description={
          mode === "new"
            ? "Fill in the form to add one product by hand, or upload a CSV to add many at once."
            : "Upload a CSV of products, check it, then save it in one go. Products with a slug that already exists are updated."
        }
      >
        <FetcherForm fetcher={storageFetcher} method="post">
          <input type="hidden" name="intent" value="check-storage" />
          <button
            type="submit"
            className={buttonClasses({ variant: "secondary" }, "w-full px-3 sm:px-5")}
            disabled={storageFetcher.state !== "idle"}
          >
            <HardDrive aria-hidden className="size-4" />
            Check Storage Status
          </button>
        </FetcherForm>
        <FileButton
          id="product-csv-file"
          form="product-csv-form"
          label="Upload CSV"
          disabled={busy}
          onFile={(file) => void importer.chooseFile(file)}
        />
        <SaveCsvButton form="product-csv-form" saving={state.phase === "uploading" || state.phase === "saving"} disabled={busy} />
        <Link to="/admin/products/new#product-form" className={buttonClasses({ variant: "secondary" })}>
          <Plus aria-hidden className="size-4" />
          Add Product
        </Link>
        <ExportCsvLink href="/admin/products/export.csv" />
      </AdminPageHeader>
      <FlashNotice flash={flash} />

      <CsvImportForm id="product-csv-form" onSave={() => void importer.save()}>
        <input type="hidden" name="intent" value="import-csv" />
      </CsvImportForm>

      <div className="space-y-6">
        {/* The one-product form first when it is what the page was opened for. */}
        {formState && (
          <ProductForm
            title={mode === "edit" && editing ? `Edit Product: ${editing.name}` : "Product details"}
            editingId={mode === "edit" && editing ? editing.id : null}
            state={formState}
            busy={formBusy}
          />
        )}
        {mode === "edit" && editing && (
          <ProductOffers
            productId={editing.id}
            offers={loaderData.offers}
            merchants={loaderData.merchants}
            feedback={result?.offerForm}
            busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "save-offer"}
          />
        )}

        <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <StorageBanner status={storage} checking={storageFetcher.state !== "idle"} />
          <ImageUpload />
        </div>

        {state.phase === "parsing" && <ProgressBar label={`Reading ${state.fileName}`} fraction={state.fraction} />}
        {state.phase === "uploading" && <ProgressBar label={`Uploading ${state.file.name}`} fraction={state.fraction} />}
        {state.phase === "saving" && (
          <ProgressBar label={`Saving ${state.parsed.products.length.toLocaleString("en-US")} products to the database…`} />
        )}

        {parsed && (
          <WarningsList
            title={
              parsed.warnings.length > 0 ? `Validation warnings (${parsed.warnings.length.toLocaleString("en-US")})` : "Validation warnings"
            }
            warnings={parsed.warnings}
            extra={
              parsed.warnings.length === 0 ? (
                <p>No warnings: every row is complete.</p>
              ) : (
                <p className="mt-2">Warnings do not stop saving.</p>
              )
            }
          />
        )}
        <ImportOutcome notes={importer.notes} diff={parsed ? importer.diff : null} saved={result} noun="products" />

        {parsed && <ProductPreviewTable products={parsed.products} />}

        {!parsed && state.phase !== "parsing" && <ExistingProducts view={existing} />}

        <div className="space-y-3">
          <Collapsible title="Collection options reference">
            <CollectionOptions existing={collectionSlugs} />
          </Collapsible>
          <CsvGuide
            title="CSV guidelines"
            template={PRODUCT_CSV_TEMPLATE}
            templateName="products-template.csv"
            guide={PRODUCT_COLUMN_GUIDE}
          >
            <ul className="list-disc space-y-1 pl-5 text-ink-muted">
              <li>
                The first row names the columns (any letter case). <strong>name</strong>, <strong>brand</strong> and <strong>slug</strong>{" "}
                must be there.
              </li>
              <li>
                Quote values that hold commas, quotes or line breaks: <code className="font-mono">"Cedar, glass"</code>; a quote inside is
                doubled: <code className="font-mono">"The ""Lakeside"""</code>.
              </li>
              <li>
                Rows without a name or slug are skipped; an empty brand becomes Unknown Brand. Warnings name the row (1 = the first row
                under the header).
              </li>
              <li>
                Lists are written <code className="font-mono">[a, b, c]</code>. Links must start with http:// or https://; anything else is
                dropped.
              </li>
              <li>A column the file leaves out keeps existing products' values; an empty cell clears that field. Up to 20 MB per file.</li>
              <li>
                Before saving, the page lists which rows are new, changed (and how) or unchanged; unchanged rows are not written. Export CSV
                downloads every product in this format.
              </li>
            </ul>
          </CsvGuide>
        </div>
        <noscript>
          <Notice tone="blue" title="Scripts are off">
            Choose a file with Upload CSV, then Save to Database: the server checks and saves it, then lists what changed.
          </Notice>
        </noscript>
      </div>
    </>
  );
}
