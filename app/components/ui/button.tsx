import type { LinkProps } from "react-router";
import { Link } from "./link";
import { cn } from "./cn";

// The styles live in app/app.css (.btn and its variants): one short class per part keeps the
// utilities out of the markup of every button on a page.
const variants = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  ghost: "btn-ghost",
} as const;

const sizes = {
  md: "btn-md",
  lg: "btn-lg",
  icon: "btn-icon",
} as const;

export interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export function buttonClasses({ variant = "primary", size = "md" }: ButtonStyle = {}, extra?: string) {
  return cn("btn", variants[variant], sizes[size], extra);
}

export function Button({ variant, size, className, type = "button", ...props }: React.ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}

/** A link that looks like a button: navigation stays a link for crawlers and middle-clicks. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClasses({ variant, size }, className)} {...props} />;
}
