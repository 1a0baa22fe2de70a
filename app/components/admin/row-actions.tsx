import { cn } from "~/components/ui/cn";
import { Form, Link } from "~/components/ui/link";

/**
 * The links and buttons at the end of an admin row (Edit, Columns, Delete), alike in every table:
 * each a 44-pixel touch target, its visible word followed by what it acts on for screen readers
 * ("Delete" + " Kallio shop"), so a list of them reads as distinct actions.
 */

const ACTION = "inline-flex h-11 items-center px-2 font-semibold underline-offset-2 hover:underline";

/** The row's actions, right-aligned on a table row; `className` for a card's own layout. */
export function RowActions({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn("flex flex-wrap items-center justify-end gap-x-2", className)}>{children}</div>;
}

/** A link to a screen about the row ("Edit", "Columns"). */
export function RowLink({ to, label, about }: { to: string; label: string; about: string }) {
  return (
    <Link to={to} className={cn(ACTION, "text-brand")}>
      {label}
      <span className="sr-only"> {about}</span>
    </Link>
  );
}

/**
 * A POST of one intent about the row ("Delete"), with its hidden fields. `danger` for what cannot
 * be undone; `title` says why it would be refused.
 */
export function RowPostButton({
  intent,
  fields,
  label,
  about,
  danger = false,
  title,
}: {
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  about: string;
  danger?: boolean;
  title?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={cn(ACTION, danger ? "text-red-700" : "text-brand")} title={title}>
        {label}
        <span className="sr-only"> {about}</span>
      </button>
    </Form>
  );
}
