import { Notice } from "~/components/ui/notice";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  COLLECTION_CHOICES,
  collectionChoiceDone,
  collectionChoiceLabel,
  ruleListWarning,
  type CollectionChoice,
  type ImportPreview,
} from "~/lib/csv/import-plan";

/**
 * The import's question when a file adds products to collections that list their saunas by a
 * rule (ADR 0070): said loudly, with a choice the save needs. The radios belong to the upload
 * form (`form`), so without JavaScript they are posted with the file, together with the plan they
 * answer; with it, the page's script keeps the choice (`choice`, `onChoose`) and sends it.
 */
export function RuleListQuestion({
  preview,
  form,
  choice,
  onChoose,
  afterChoice,
}: {
  preview: ImportPreview;
  form: string;
  choice?: CollectionChoice | null;
  onChoose?(choice: CollectionChoice): void;
  /** What to do once chosen, where it is not the upload form's (a run's page: press its Save). */
  afterChoice?: string;
}) {
  const hydrated = useHydrated();
  const changes = preview.ruleLists ?? [];
  if (changes.length === 0) return null;
  if (preview.collectionChoice) {
    return (
      <Notice tone="green" title="Collections" role="status">
        {collectionChoiceDone(preview.collectionChoice, changes)}
      </Notice>
    );
  }
  return (
    <Notice
      tone="red"
      title={changes.length === 1 ? "This file changes what a collection shows" : "This file changes what collections show"}
    >
      {/* Announced as it appears; the choice below is a plain form group. */}
      <div role="alert">
        <ul className="list-disc space-y-1 pl-5 font-semibold text-ink" data-testid="rule-list-warnings">
          {changes.map((change) => (
            <li key={change.slug}>{ruleListWarning(change)}</li>
          ))}
        </ul>
      </div>
      <fieldset className="mt-3 space-y-2">
        <legend className="font-semibold text-ink">Choose before saving:</legend>
        <input type="hidden" name="import_plan" value={preview.fingerprint} form={form} />
        {COLLECTION_CHOICES.map((value) => (
          <label key={value} className="flex items-start gap-2 text-ink">
            <input
              type="radio"
              name="collection_choice"
              value={value}
              form={form}
              required
              className="mt-1 size-4 accent-brand"
              {...(onChoose ? { checked: choice === value, onChange: () => onChoose(value) } : {})}
            />
            <span>
              {collectionChoiceLabel(value, changes)}
              {value === "add" && <span className="font-semibold"> (recommended)</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {afterChoice ? (
        <p className="mt-2">{afterChoice}</p>
      ) : (
        !hydrated && (
          <p className="mt-2">Then choose the same file again with Upload CSV and Save to Database: nothing is saved until you choose.</p>
        )
      )}
    </Notice>
  );
}
