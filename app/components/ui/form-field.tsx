import { useId } from "react";
import { cn } from "~/components/ui/cn";

export const inputClasses =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-[0.95rem] text-ink shadow-inner shadow-ink/5 placeholder:text-ink-muted/70 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500";

/** A labelled input (or textarea) with its hint and error wired up for screen readers. */
export function FormField({
  label,
  name,
  error,
  hint,
  multiline,
  className,
  ...props
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  className?: string;
} & Omit<React.ComponentProps<"input"> & React.ComponentProps<"textarea">, "name">) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className: cn(inputClasses, multiline && "min-h-24 resize-y"),
  };
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} {...(props as React.ComponentProps<"textarea">)} />
      ) : (
        <input {...shared} {...(props as React.ComponentProps<"input">)} />
      )}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * A labelled checkbox with its hint and error, for a yes-or-no field. Ticked it sends `value`
 * ("true"); clear it sends nothing, which the form's rules read as no.
 */
export function CheckboxField({
  label,
  name,
  checked,
  hint,
  error,
  value = "true",
}: {
  label: string;
  name: string;
  checked: boolean;
  hint?: string;
  error?: string;
  value?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          className="size-4 accent-brand"
        />
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and error, under it, with the ids its control's aria-describedby names. */
function FieldNotes({ hint, hintId, error, errorId }: { hint?: string; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
