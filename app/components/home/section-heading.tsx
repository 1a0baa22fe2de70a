import { cn } from "~/components/ui/cn";

/**
 * The heading block every home section opens with: a small eyebrow, the serif title, an intro.
 * The classes are in app/styles/home.css. With no action beside it the text block stands alone:
 * the row that would place an action at its end would only add an element.
 */
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
  const text = (
    <div className={cn(align === "center" ? "section-heading-centered" : "section-heading-text", !action && className)}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {intro && <p className="section-intro">{intro}</p>}
    </div>
  );
  if (!action) return text;
  return (
    <div className={cn("section-heading", align === "center" && "section-heading-center", className)}>
      {text}
      <div className="shrink-0">{action}</div>
    </div>
  );
}
