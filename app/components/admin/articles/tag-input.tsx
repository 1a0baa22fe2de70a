import { X } from "lucide-react";
import { useId, useState } from "react";
import { inputClasses } from "~/components/ui/form-field";
import { splitTags } from "~/lib/admin/article-fields";

/**
 * Tags as chips, with the tags other articles use suggested as the admin types (a datalist: the
 * browser's own autocomplete). The chips travel in one hidden, comma-separated field.
 */
export function TagInput({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  known: readonly string[];
  error?: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const add = () => {
    const next = splitTags([...value, typed].join(","));
    onChange(next);
    setTyped("");
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Tags
      </label>
      <input type="hidden" name="tags" value={value.join(", ")} />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen tags">
          {value.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-sand py-1 pl-3 pr-1 text-sm">
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-surface"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          list={`${id}-known`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" || event.key === ",") {
              event.preventDefault();
              add();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={inputClasses}
          autoComplete="off"
        />
        <button
          type="button"
          onClick={add}
          className="h-11 shrink-0 rounded-full border border-line px-4 text-sm font-semibold hover:bg-sand"
        >
          Add tag
        </button>
      </div>
      <datalist id={`${id}-known`}>
        {known.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          Press Enter after each tag; tags other articles use are suggested.
        </p>
      )}
    </div>
  );
}
