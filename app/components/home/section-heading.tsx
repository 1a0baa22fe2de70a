import { cn } from "~/components/ui/cn";

/** The heading block every home section opens with: a small eyebrow, the serif title, an intro. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "left",
  action,
  className,
}: {
  /** The h2's id: the section is labelled by it. */
  id: string;
  eyebrow?: string;
  title: string;
  intro?: React.ReactNode;
  align?: "left" | "center";
  /** A link at the end of the heading row on wide screens ('See all reviews'). */
  action?: React.ReactNode;
  className?: string;
}) {
  const centered = align === "center";
  return (
    <div
      className={cn(
        "flex flex-col gap-4 md:flex-row md:items-end md:justify-between",
        centered && "md:flex-col md:items-center md:text-center",
        className,
      )}
    >
      <div className={cn("max-w-2xl", centered && "mx-auto text-center")}>
        {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand">{eyebrow}</p>}
        <h2 id={id} className="text-[1.75rem] font-semibold leading-tight tracking-tight md:text-4xl">
          {title}
        </h2>
        {intro && <p className="mt-3 text-base leading-relaxed text-ink-muted md:text-lg">{intro}</p>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
