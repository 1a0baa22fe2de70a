import { Search } from "lucide-react";
import { Form } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { inputClasses } from "~/components/ui/form-field";

/**
 * The search box over an admin list: a GET form that puts the words in `q`. `children` are hidden
 * fields that keep the list's other filters while searching.
 */
export function AdminSearchForm({
  id,
  label,
  placeholder,
  defaultValue,
  className,
  inputClassName,
  children,
}: {
  id: string;
  /** Only for screen readers: the placeholder says it on screen. */
  label: string;
  placeholder: string;
  defaultValue?: string;
  className?: string;
  inputClassName?: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" className={cn("flex gap-2", className)}>
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} name="q" defaultValue={defaultValue} placeholder={placeholder} className={cn(inputClasses, "h-10", inputClassName)} />
      <button
        type="submit"
        className="inline-flex h-10 items-center gap-1.5 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-sand"
      >
        <Search aria-hidden className="size-4" />
        Search
      </button>
    </Form>
  );
}
