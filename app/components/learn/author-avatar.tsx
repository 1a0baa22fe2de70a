import { cn } from "~/components/ui/cn";
import { responsiveImage } from "~/lib/images/image-url";
import { authorInitials } from "~/lib/learn/author-profile";

const SIZES = {
  sm: { box: "size-12 text-base", drawn: "48px" },
  lg: { box: "size-24 text-2xl", drawn: "96px" },
} as const;

/**
 * An author's photo with its description, or their initials when they have none. Beside their
 * name (a byline) the photo adds nothing for a screen reader, so `decorative` leaves its alt empty.
 */
export function AuthorAvatar({
  name,
  image,
  imageAlt,
  size = "sm",
  decorative = false,
}: {
  name: string;
  image?: string | null;
  imageAlt?: string;
  size?: keyof typeof SIZES;
  decorative?: boolean;
}) {
  const { box, drawn } = SIZES[size];
  if (image)
    return (
      <img
        {...responsiveImage(image, "avatar", drawn)}
        alt={decorative ? "" : imageAlt || name}
        width={96}
        height={96}
        className={cn(box, "shrink-0 rounded-full bg-sand object-cover ring-1 ring-line")}
      />
    );
  return (
    <span
      data-testid="author-initials"
      aria-hidden
      className={cn(
        box,
        "flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-strong ring-1 ring-line",
      )}
    >
      {authorInitials(name)}
    </span>
  );
}
