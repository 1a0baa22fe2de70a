import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";

/**
 * A card made clickable by its title link alone, so readers and crawlers meet one link per card:
 * the link's ::after stretches over the card (which must hold `CardLink`), and the card, not the
 * link, shows the keyboard focus ring.
 */
export function linkedCardClasses(extra?: string) {
  return cn(
    "group relative rounded-card border border-line shadow-card transition-shadow hover:shadow-raised",
    "has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand",
    extra,
  );
}

/** The title link of a `linkedCardClasses` card. */
export function CardLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cn("after:absolute after:inset-0 group-hover:text-brand-strong focus-visible:outline-none", className)}
      {...props}
    />
  );
}
