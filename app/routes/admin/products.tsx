import { appContext } from "~/server/load-context";
import { Plus } from "lucide-react";
import { useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Collapsible, CollectionOptions } from "~/components/admin/csv-reference";
import { CsvImportButtons, CsvImportPanel, useCsvImportSource } from "~/components/admin/csv-import-panel";
import { productImport } from "~/components/admin/csv-import-sources";
import { ExistingProducts } from "~/components/admin/existing-products";
import { ExportCsvLink } from "~/components/admin/csv-toolbar";
import { ImageStoragePanel, StorageCheckButton, useImageStorage } from "~/components/admin/image-storage";
import { AdminPageHeader } from "~/components/admin/page-header";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { ProductForm, type ProductFormState } from "~/components/admin/product-form";
import { ProductPreviewTable } from "~/components/admin/product-preview-table";
import { ProductOffers } from "~/components/admin/product-offers";
import { ReviewWeightsPanel } from "~/components/admin/review-weights-panel";
import { FlashNotice } from "~/components/ui/flash-notice";
import { useResultToast } from "~/components/ui/use-result-toast";
import { buttonClasses } from "~/components/ui/button";
import { readImportForm } from "~/server/admin/import-requests.server";
import { loadProductsScreen, PRODUCT_INTENTS, type ProductsAnswer } from "~/server/admin/products-screen.server";
import { dispatchIntent } from "~/server/forms/intents.server";
import type { Route } from "./+types/products";

/**
 * /admin/products and /admin/products/new: the product-images bucket (its forms post to
 * /admin/products/images), the CSV import (parsed and previewed in the browser, saved by the
 * server in one transaction), the existing products, and the one-product form with the edited
 * product's offers. The server half is app/server/admin/products-screen.server.ts.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductsScreen(request, context.get(appContext));
}

export async function action(args: Route.ActionArgs): Promise<ProductsAnswer> {
  // Under the page's limit (a CSV without JavaScript is the largest thing it takes), however the body is sent.
  const read = await readImportForm(args.request);
  if ("refused" in read) return read.refused;
  return dispatchIntent(args, PRODUCT_INTENTS, { form: read.form });
}

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, existing, collectionSlugs, editing, flash } = loaderData;
  useResultToast(actionData);
  // Once per arrival: a revalidation finds the flash already cleared.
  useResultToast(flash);
  const navigation = useNavigation();
  const storage = useImageStorage(loaderData.storage);
  const source = productImport(collectionSlugs);
  const importer = useCsvImportSource(source);
  const { state, parsed } = importer;

  const formState: ProductFormState | null =
    actionData?.form ??
    (mode === "new" ? { values: {} } : mode === "edit" && editing ? { values: editing.values, warnings: flash?.notes } : null);
  const submitting = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <>
      <AdminPageHeader
        toolbar
        title={mode === "new" ? "Add New Product" : "Products Management"}
        description={
          mode === "new"
            ? "Fill in the form to add one product by hand, or upload a CSV to add many at once."
            : "Upload a CSV of products, check it, then save it in one go. Products with a slug that already exists are updated."
        }
      >
        <StorageCheckButton storage={storage} />
        <CsvImportButtons source={source} importer={importer} />
        <Link to="/admin/products/new#product-form" className={buttonClasses({ variant: "secondary" })}>
          <Plus aria-hidden className="size-4" />
          Add Product
        </Link>
        <ExportCsvLink href="/admin/products/export.csv" />
      </AdminPageHeader>
      <FlashNotice flash={flash} />

      <div className="space-y-6">
        {/* The one-product form first when it is what the page was opened for. */}
        {/* A save refused because someone saved first: the choice takes the form's place. */}
        {actionData?.conflict && !actionData.conflict.scope ? (
          <div id="product-form" className="scroll-mt-24">
            <EditConflictPanel conflict={actionData.conflict} />
          </div>
        ) : (
          formState && (
            <ProductForm
              title={mode === "edit" && editing ? `Edit Product: ${editing.name}` : "Product details"}
              editingId={mode === "edit" && editing ? editing.id : null}
              version={editing?.version}
              offerVersion={editing?.offerVersion}
              state={formState}
              busy={submitting("save-product")}
            />
          )
        )}
        {/* An offer's save refused because someone saved it first: the choice takes the offers' place. */}
        {mode === "edit" && editing && actionData?.conflict?.scope && (
          <div id="product-offers" className="scroll-mt-24">
            <EditConflictPanel conflict={actionData.conflict} />
          </div>
        )}
        {mode === "edit" && editing && !actionData?.conflict?.scope && (
          <ProductOffers
            productId={editing.id}
            offers={loaderData.offers}
            merchants={loaderData.merchants}
            feedback={actionData?.offerForm}
            busy={submitting("save-offer")}
          />
        )}

        <ImageStoragePanel storage={storage} />
        {mode === "list" && <ReviewWeightsPanel weights={loaderData.weights} busy={submitting("save-weights")} />}

        <CsvImportPanel
          source={source}
          importer={importer}
          saved={actionData}
          reference={
            <Collapsible title="Collection options reference">
              <CollectionOptions existing={collectionSlugs} />
            </Collapsible>
          }
        >
          {parsed && <ProductPreviewTable products={parsed.products} />}
          {!parsed && state.phase !== "parsing" && <ExistingProducts view={existing} />}
        </CsvImportPanel>
      </div>
    </>
  );
}
