import { Button } from "~/components/ui/button";
import { VERSION_FIELD, versionToSend } from "~/lib/admin/edit-conflict";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { Form, Link } from "~/components/ui/link";
import { Notice } from "~/components/ui/notice";
import { DECIMAL_MARK_LABELS, FEED_FORMAT_LABELS, type FeedFormState } from "~/lib/feeds/feed-form";
import { FEED_FORMATS, FEED_FIELDS, type FeedColumnMapping } from "~/lib/feeds/feed-item";
import { FEED_PRESETS } from "~/lib/feeds/feed-presets";
import type { FeedReading } from "~/lib/feeds/feed-reading";
import { FEED_SCHEDULE_LABELS, FEED_SCHEDULES } from "~/lib/feeds/feed-schedule";
import { fieldProps, type FormValues } from "~/lib/forms/parse-form";

const text = (values: FormValues, name: string) => {
  const value = values[name];
  return typeof value === "string" ? value : "";
};

function Select({
  label,
  name,
  defaultValue,
  error,
  children,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`feed-${name}`} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={`feed-${name}`} name={name} defaultValue={defaultValue} className={inputClasses} aria-invalid={error ? true : undefined}>
        {children}
      </select>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

/**
 * Add or edit a merchant feed: a plain multipart form posting to /admin/feeds (works without
 * scripts). The feed is read from its address, or from the file uploaded here (kept for re-runs).
 */
export function FeedForm({
  editingId,
  version = 0,
  state,
  merchants,
  uploadedName,
  busy,
}: {
  editingId: number | null;
  /** The edited feed's version as loaded: its save is refused over a newer one. */
  version?: number;
  state: FeedFormState;
  merchants: readonly { id: number; name: string }[];
  uploadedName: string | null;
  busy: boolean;
}) {
  const errors = state.fieldErrors ?? {};
  const sourceKind = text(state.values, "source_kind") || "url";
  return (
    <section
      id="feed-form"
      aria-labelledby="feed-form-title"
      className="scroll-mt-24 rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
    >
      <h2 id="feed-form-title" className="text-xl font-semibold">
        {editingId === null ? "Add a feed" : `Edit feed: ${text(state.values, "name")}`}
      </h2>
      {state.formError && (
        <Notice tone="red" title="Not saved" className="mt-4" role="alert">
          {state.formError}
        </Notice>
      )}
      {merchants.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">
          Add the shop first under{" "}
          <Link to="/admin/merchants" className="font-semibold text-brand underline">
            Merchants
          </Link>
          : a feed lists one shop&apos;s offers.
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5" key={editingId ?? "new"}>
          <input type="hidden" name="intent" value="save-feed" />
          {editingId !== null && <input type="hidden" name="id" value={editingId} />}
          {editingId !== null && <input type="hidden" name={VERSION_FIELD} value={versionToSend(state.values, version)} />}
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label="Name *" {...fieldProps(state, "name")} />
            <Select label="Shop *" name="merchant_id" defaultValue={text(state.values, "merchant_id")} error={errors.merchant_id}>
              <option value="">Choose the shop</option>
              {merchants.map((merchant) => (
                <option key={merchant.id} value={merchant.id}>
                  {merchant.name}
                </option>
              ))}
            </Select>
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-ink">Where the feed comes from</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="source_kind" value="url" defaultChecked={sourceKind === "url"} /> From an address (read again on
              each run)
            </label>
            <FormField label="Feed address" placeholder="https://shop.example/feed.xml" {...fieldProps(state, "url")} />
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="source_kind" value="upload" defaultChecked={sourceKind === "upload"} /> From a file I upload
            </label>
            <div className="space-y-1.5">
              <label htmlFor="feed-file" className="block text-sm font-medium text-ink">
                Feed file (XML, TSV or CSV)
              </label>
              <input id="feed-file" type="file" name="file" accept=".xml,.tsv,.csv,.txt,.gz" className="block text-sm" />
              {uploadedName && <p className="text-xs text-ink-muted">Now: {uploadedName}. Choose a file only to replace it.</p>}
              {errors.file && <p className="text-sm text-red-700">{errors.file}</p>}
            </div>
          </fieldset>
          <div className="grid gap-4 md:grid-cols-2">
            <Select label="Format" name="format" defaultValue={text(state.values, "format")} error={errors.format}>
              <option value="">Detect it</option>
              {FEED_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FEED_FORMAT_LABELS[format]}
                </option>
              ))}
            </Select>
            <Select label="Schedule" name="schedule" defaultValue={text(state.values, "schedule") || "off"} error={errors.schedule}>
              {FEED_SCHEDULES.map((schedule) => (
                <option key={schedule} value={schedule}>
                  {FEED_SCHEDULE_LABELS[schedule]}
                </option>
              ))}
            </Select>
            <FormField
              label="Which currency are these prices in?"
              placeholder="EUR"
              autoComplete="off"
              maxLength={3}
              hint="For prices that do not name one. Prices are kept in it, never converted. Leave empty when every price or a column says."
              {...fieldProps(state, "currency")}
            />
            <Select
              label="Decimal separator"
              name="decimal_mark"
              defaultValue={text(state.values, "decimal_mark")}
              error={errors.decimal_mark}
            >
              <option value="">Read it from the file&apos;s prices</option>
              {([",", "."] as const).map((mark) => (
                <option key={mark} value={mark}>
                  {DECIMAL_MARK_LABELS[mark]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save feed"}
            </Button>
            <Link to="/admin/feeds" className="inline-flex h-11 items-center rounded-full px-5 font-semibold text-ink hover:bg-sand">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

const FIELD_HINTS: Partial<Record<(typeof FEED_FIELDS)[number], string>> = {
  id: "the shop's own item id (required)",
  price: "the price, e.g. 4599.00 USD (required)",
  link: "the product page at the shop",
};

/** The mapping step of an "other CSV" feed: which of the file's columns holds each field, chosen once and kept. */
export function FeedMappingForm({
  feedId,
  version,
  columns,
  sample,
  mapping,
  preset,
  reading = null,
  currency,
  error,
  sent,
}: {
  feedId: number;
  /** The feed's version when the form was loaded: a save over a newer one is refused. */
  version: number;
  columns: readonly string[];
  sample: readonly string[][];
  mapping: FeedColumnMapping | null;
  /** The network whose documented column names filled the choices in. */
  preset: { id: string; network: string; label: string; note: string } | null;
  /** How the first rows read under the choices shown, before any run. */
  reading?: FeedReading | null;
  /** The feed's own currency, for prices that name none. */
  currency: string | null;
  error?: string | null;
  /** A refused save's choices, shown again as they were sent. */
  sent?: Record<string, string>;
}) {
  return (
    <section
      id="feed-mapping"
      aria-labelledby="feed-mapping-title"
      className="scroll-mt-24 rounded-card border border-line bg-surface p-4 shadow-card md:p-6"
    >
      <h2 id="feed-mapping-title" className="text-xl font-semibold">
        Choose the columns
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        The file does not use Google&apos;s column names. Say once which column holds what; the feed keeps it, and you can change it here at
        any time.
      </p>
      {preset && (
        <Notice tone="blue" title={`Filled in as an ${preset.label}`} className="mt-4">
          The choices below follow the column names {preset.network} documents for it. {preset.note} Check them, then save.
        </Notice>
      )}
      <p className="mt-3 text-sm text-ink-muted">
        Fill in as:{" "}
        {FEED_PRESETS.map((choice, index) => (
          <span key={choice.id}>
            {index > 0 && " · "}
            <Link to={`/admin/feeds?map=${feedId}&preset=${choice.id}#feed-mapping`} className="font-semibold text-brand underline">
              {choice.label}
            </Link>
          </span>
        ))}
      </p>
      {error && (
        <Notice tone="red" title="Not saved" className="mt-4" role="alert">
          {error}
        </Notice>
      )}
      <div className="mt-4 overflow-x-auto">
        <table className="text-left text-xs">
          <caption className="sr-only">The file&apos;s first rows</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} className="border-b border-line px-2 py-1 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.map((row, index) => (
              <tr key={index}>
                {columns.map((column, cell) => (
                  <td key={column} className="px-2 py-1 text-ink-muted">
                    {row[cell] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reading && <FeedReadingTable reading={reading} />}
      <Form method="post" className="mt-5 space-y-4">
        <input type="hidden" name="id" value={feedId} />
        <input type="hidden" name={VERSION_FIELD} value={versionToSend(sent, version)} />
        <div className="grid gap-4 md:grid-cols-3">
          {FEED_FIELDS.map((field) => (
            <Select
              key={field}
              label={`${field}${FIELD_HINTS[field] ? ` (${FIELD_HINTS[field]})` : ""}`}
              name={`map_${field}`}
              defaultValue={sent ? (sent[`map_${field}`] ?? "") : (mapping?.[field] ?? "")}
            >
              <option value="">Not in the file</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </Select>
          ))}
        </div>
        <FormField
          label="Which currency are these prices in?"
          name="feed_currency"
          placeholder="EUR"
          maxLength={3}
          autoComplete="off"
          defaultValue={sent ? (sent.feed_currency ?? "") : (currency ?? "")}
          hint="Needed when the prices name no currency and no column holds it. Prices are kept in it, never converted."
        />
        <div className="flex flex-wrap gap-3">
          {/* The first button: Enter in the form saves. */}
          <Button type="submit" name="intent" value="save-mapping">
            Save the columns
          </Button>
          <Button type="submit" variant="secondary" name="intent" value="read-mapping">
            Show how the rows read
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The first rows as the saved (or filled-in) choices read them: the file's price beside the site's reading. */
function FeedReadingTable({ reading }: { reading: FeedReading }) {
  return (
    <div className="mt-5 space-y-2" data-testid="feed-reading">
      <h3 className="font-semibold">How these rows read</h3>
      <p className={reading.ok ? "text-sm text-ink-muted" : "text-sm font-medium text-red-700"}>{reading.note}</p>
      {reading.rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="text-left text-sm">
            <caption className="sr-only">The first rows as read with these columns</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-line px-2 py-1 font-semibold">
                  Row
                </th>
                <th scope="col" className="border-b border-line px-2 py-1 font-semibold">
                  Item
                </th>
                <th scope="col" className="border-b border-line px-2 py-1 font-semibold">
                  In the file
                </th>
                <th scope="col" className="border-b border-line px-2 py-1 font-semibold">
                  Read as
                </th>
              </tr>
            </thead>
            <tbody>
              {reading.rows.map((row) => (
                <tr key={row.line}>
                  <td className="px-2 py-1 tabular-nums">{row.line}</td>
                  <td className="px-2 py-1">{row.id ?? "—"}</td>
                  <td className="px-2 py-1 text-ink-muted">{row.written || "—"}</td>
                  <td className={row.ok ? "px-2 py-1" : "px-2 py-1 text-red-700"}>{row.read}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
