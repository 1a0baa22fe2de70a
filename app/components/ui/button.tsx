import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";

const variants = {
  primary: "bg-brand text-white shadow-sm hover:bg-brand-strong",
  secondary: "border border-line bg-surface text-ink hover:border-ink-muted hover:bg-sand",
  ghost: "text-ink hover:bg-sand",
} as const;

const sizes = {
  md: "h-11 px-5 text-[0.95rem]",
  lg: "h-12 px-7 text-base",
  icon: "size-11",
} as const;

export interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export function buttonClasses({ variant = "primary", size = "md" }: ButtonStyle = {}, extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors",
    "disabled:pointer-events-none disabled:opacity-50",
    variants[variant],
    sizes[size],
    extra,
  );
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & ButtonStyle) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}

/** A link that looks like a button: navigation stays a link for crawlers and middle-clicks. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClasses({ variant, size }, className)} {...props} />;
}
