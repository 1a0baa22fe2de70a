import { FileUp } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/**
 * 'Upload CSV': a real file input (so the form also works without JavaScript and the keyboard
 * reaches it), visually replaced by a label styled as a button. The input belongs to the form
 * named by `form`, wherever the button sits.
 */
export function FileButton({
  id,
  form,
  label,
  disabled,
  onFile,
}: {
  id: string;
  form: string;
  label: string;
  disabled: boolean;
  onFile(file: File | undefined): void;
}) {
  return (
    <div className="relative">
      <input
        id={id}
        form={form}
        name="file"
        type="file"
        accept=".csv,text/csv"
        className="peer sr-only"
        disabled={disabled}
        onChange={(event) => {
          onFile(event.currentTarget.files?.[0]);
          // Choosing the same file again must read it again.
          event.currentTarget.value = "";
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClasses({ variant: "secondary" }, "w-full cursor-pointer"),
          "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          disabled && "pointer-events-none opacity-50",
        )}
      >
        <FileUp aria-hidden className="size-4" />
        {label}
      </label>
    </div>
  );
}
