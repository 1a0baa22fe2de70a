import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?no-inline";
import type { IconName, SiteSymbolName } from "./icon-names";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * An icon drawn from the sprite, a hashed file the browser caches once for every page. Lucide's
 * drawing attributes (2 px round stroke in currentColor, no fill, 24 px) come from the `.icon`
 * rule in app.css rather than from attributes repeated on every icon; they inherit through <use>,
 * so `className="size-4 text-forest fill-amber-500"` styles it like the lucide icon it replaces.
 * Decorative unless given an aria-label.
 */
function spriteIcon(name: IconName) {
  function SpriteIcon({ className, strokeWidth, style, ...props }: IconProps) {
    const labelled = props["aria-label"] !== undefined;
    return (
      <svg
        aria-hidden={labelled ? undefined : true}
        className={className ? `icon ${className}` : "icon"}
        // The .icon rule's stroke width outranks an attribute; a caller's own width goes in as style.
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        {...props}
      >
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

export type SpriteIconComponent = ReturnType<typeof spriteIcon>;

/** The `<use>` target of one of the site's own drawings in the sprite (SITE_SYMBOLS), drawn in its own colours. */
export function siteSymbolHref(name: SiteSymbolName): string {
  return `${spriteUrl}#${name}`;
}

export const ArrowLeft = spriteIcon("ArrowLeft");
export const ArrowRight = spriteIcon("ArrowRight");
export const BadgeCheck = spriteIcon("BadgeCheck");
export const BookOpen = spriteIcon("BookOpen");
export const CalendarDays = spriteIcon("CalendarDays");
export const Check = spriteIcon("Check");
export const CheckCircle2 = spriteIcon("CheckCircle2");
export const ChevronDown = spriteIcon("ChevronDown");
export const ChevronLeft = spriteIcon("ChevronLeft");
export const ChevronRight = spriteIcon("ChevronRight");
export const ClipboardList = spriteIcon("ClipboardList");
export const Clock = spriteIcon("Clock");
export const Columns3 = spriteIcon("Columns3");
export const Droplets = spriteIcon("Droplets");
export const ExternalLink = spriteIcon("ExternalLink");
export const Flame = spriteIcon("Flame");
export const Gauge = spriteIcon("Gauge");
export const GraduationCap = spriteIcon("GraduationCap");
export const Hammer = spriteIcon("Hammer");
export const HandCoins = spriteIcon("HandCoins");
export const HeartPulse = spriteIcon("HeartPulse");
export const ImageIcon = spriteIcon("ImageIcon");
export const Info = spriteIcon("Info");
export const ListChecks = spriteIcon("ListChecks");
export const ListOrdered = spriteIcon("ListOrdered");
export const Loader2 = spriteIcon("Loader2");
export const Lock = spriteIcon("Lock");
export const Mail = spriteIcon("Mail");
export const MailCheck = spriteIcon("MailCheck");
export const Menu = spriteIcon("Menu");
export const MessagesSquare = spriteIcon("MessagesSquare");
export const RefreshCw = spriteIcon("RefreshCw");
export const Ruler = spriteIcon("Ruler");
export const Scale = spriteIcon("Scale");
export const Search = spriteIcon("Search");
export const SearchX = spriteIcon("SearchX");
export const Star = spriteIcon("Star");
export const Sun = spriteIcon("Sun");
export const Tent = spriteIcon("Tent");
export const Thermometer = spriteIcon("Thermometer");
export const ThermometerSun = spriteIcon("ThermometerSun");
export const Timer = spriteIcon("Timer");
export const Trees = spriteIcon("Trees");
export const Truck = spriteIcon("Truck");
export const UserRound = spriteIcon("UserRound");
export const Users = spriteIcon("Users");
export const Wind = spriteIcon("Wind");
export const X = spriteIcon("X");
export const XCircle = spriteIcon("XCircle");
export const Zap = spriteIcon("Zap");
