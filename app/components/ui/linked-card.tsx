import type { LinkProps } from "react-router";
import { Link } from "./link";
import { cn } from "./cn";

/**
 * A card made clickable by its title link alone, so readers and crawlers meet one link per card:
 * the link's ::after stretches over the card (which must hold `CardLink`), and the card, not the
 * link, shows the keyboard focus ring.
 */
export function linkedCardClasses(extra?: string) {
  // `.linked-card` in app.css: one class instead of the same dozen utilities on every card.
  return cn("group linked-card", extra);
}

/** The title link of a `linkedCardClasses` card. */
export function CardLink({ className, ...props }: LinkProps) {
  return <Link className={cn("card-link", className)} {...props} />;
}
