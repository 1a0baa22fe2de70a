/**
 * Every icon the public pages draw, by its lucide-react name. `npm run icons` turns this list into
 * the sprite (app/components/ui/icons.svg) that the <Icon> components point into, so a page carries
 * a two-element <svg><use/></svg> per icon instead of the icon's whole path data.
 */
export const ICON_NAMES = [
  "ArrowLeft",
  "ArrowRight",
  "BadgeCheck",
  "BookOpen",
  "CalendarDays",
  "Check",
  "CheckCircle2",
  "ChevronDown",
  "ChevronLeft",
  "ChevronRight",
  "ClipboardList",
  "Clock",
  "Columns3",
  "Droplets",
  "ExternalLink",
  "Flame",
  "Gauge",
  "GraduationCap",
  "Hammer",
  "HandCoins",
  "HeartPulse",
  "ImageIcon",
  "Info",
  "ListChecks",
  "ListOrdered",
  "Loader2",
  "Lock",
  "Mail",
  "MailCheck",
  "Menu",
  "MessagesSquare",
  "RefreshCw",
  "Ruler",
  "Scale",
  "Search",
  "SearchX",
  "Star",
  "Sun",
  "Tent",
  "Thermometer",
  "ThermometerSun",
  "Timer",
  "Trees",
  "Truck",
  "UserRound",
  "Users",
  "Wind",
  "X",
  "XCircle",
  "Zap",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/**
 * The site's own drawings in the same sprite, by symbol id and source file (from the repository
 * root). Unlike the icons they keep the colours they are drawn with.
 */
export const SITE_SYMBOLS = {
  BrandMark: "app/components/site/brand-mark.svg",
} as const;

export type SiteSymbolName = keyof typeof SITE_SYMBOLS;
