/** Names listed in full; past this the page says how many more. */
const LISTED = 50;

/** One kind of row the removal confirmation names (products, collections, articles). */
export function NameList({ title, names }: { title: string; names: string[] }) {
  return (
    <section aria-label={title} className="rounded-card border border-line bg-surface p-4 shadow-card">
      <h2 className="text-base font-semibold">{title}</h2>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm">
        {names.slice(0, LISTED).map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      {names.length > LISTED && <p className="mt-2 text-sm text-ink-muted">and {(names.length - LISTED).toLocaleString("en-US")} more.</p>}
    </section>
  );
}
