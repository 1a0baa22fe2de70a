import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";

/*
 * tailwind-merge's default configuration knows every Tailwind utility, and its class table is most
 * of the 9 KB (gzip) that `cn` would add to every page. This one knows only the class groups the
 * site's own markup uses, each written the way the default configuration reads it, plus the design
 * tokens of the `@theme` block in app/app.css (so `rounded-card` is a radius, `shadow-card` a shadow
 * size, and `text-ink` a colour beside `text-sm`).
 *
 * cn.test.ts holds it to the default configuration: for every pair of class names written anywhere
 * in app/, both must merge alike. A class from a group not listed here is simply kept, never merged
 * away, so a new utility fails that test rather than a page; add its group here when it does.
 */

const arbitrary = (value: string) => /^\[(?:(\w[\w-]*):)?(.+)\]$/i.test(value);
const notArbitrary = (value: string) => !arbitrary(value) && !/^\(.+\)$/.test(value);
const number = (value: string) => !!value && !Number.isNaN(Number(value));
const integer = (value: string) => !!value && Number.isInteger(Number(value));
const fraction = (value: string) => /^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/.test(value);
const tshirt = (value: string) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value);
/** An arbitrary value that reads as a length (`text-[2rem]` is a size, `text-[#333]` a colour). */
const arbitraryLength = (value: string) => {
  const [, label, inner = ""] = /^\[(?:(\w[\w-]*):)?(.+)\]$/i.exec(value) ?? [];
  if (!inner) return false;
  if (label) return label === "length";
  return (
    /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/.test(
      inner,
    ) && !/^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/.test(inner)
  );
};
const any = () => true;

const spacing = () => ["px", number, arbitrary];
const margin = () => ["auto", ...spacing()];
const inset = () => [fraction, "full", "auto", ...spacing()];
const sizing = () => [fraction, "auto", "full", "dvw", "dvh", "lvw", "lvh", "svw", "svh", "min", "max", "fit", ...spacing()];
const color = () => [any];
const borderWidth = () => ["", number, arbitraryLength];

const twMerge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  orderSensitiveModifiers: [],
  classGroups: {
    aspect: [{ aspect: ["auto", "square", "video", fraction, arbitrary] }],
    display: [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "table",
      "table-cell",
      "table-row",
      "table-row-group",
      "grid",
      "inline-grid",
      "contents",
      "hidden",
    ],
    sr: ["sr-only", "not-sr-only"],
    "object-fit": [{ object: ["contain", "cover", "fill", "none", "scale-down"] }],
    overflow: [{ overflow: ["auto", "hidden", "clip", "visible", "scroll"] }],
    "overflow-x": [{ "overflow-x": ["auto", "hidden", "clip", "visible", "scroll"] }],
    "overflow-y": [{ "overflow-y": ["auto", "hidden", "clip", "visible", "scroll"] }],
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    inset: [{ inset: inset() }],
    "inset-x": [{ "inset-x": inset() }],
    top: [{ top: inset() }],
    right: [{ right: inset() }],
    bottom: [{ bottom: inset() }],
    left: [{ left: inset() }],
    visibility: ["visible", "invisible", "collapse"],
    z: [{ z: [integer, "auto", arbitrary] }],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    "flex-wrap": [{ flex: ["nowrap", "wrap", "wrap-reverse"] }],
    flex: [{ flex: [number, fraction, "auto", "initial", "none", arbitrary] }],
    shrink: [{ shrink: ["", number, arbitrary] }],
    "grid-cols": [{ "grid-cols": [integer, "none", "subgrid", arbitrary] }],
    "col-start": [{ "col-start": [integer, "auto", arbitrary] }],
    "row-start-end": [{ row: ["auto", { span: ["full", integer, arbitrary] }, integer, arbitrary] }],
    "row-start": [{ "row-start": [integer, "auto", arbitrary] }],
    gap: [{ gap: spacing() }],
    "gap-x": [{ "gap-x": spacing() }],
    "gap-y": [{ "gap-y": spacing() }],
    "justify-content": [{ justify: ["start", "end", "center", "between", "around", "evenly", "stretch", "baseline", "normal"] }],
    "align-content": [{ content: ["normal", "start", "end", "center", "between", "around", "evenly", "stretch", "baseline"] }],
    "align-items": [{ items: ["start", "end", "center", "stretch", "baseline", { baseline: ["", "last"] }] }],
    "align-self": [{ self: ["auto", "start", "end", "center", "stretch", "baseline", { baseline: ["", "last"] }] }],
    p: [{ p: spacing() }],
    px: [{ px: spacing() }],
    py: [{ py: spacing() }],
    pt: [{ pt: spacing() }],
    pr: [{ pr: spacing() }],
    pb: [{ pb: spacing() }],
    pl: [{ pl: spacing() }],
    m: [{ m: margin() }],
    mx: [{ mx: margin() }],
    my: [{ my: margin() }],
    mt: [{ mt: margin() }],
    mr: [{ mr: margin() }],
    mb: [{ mb: margin() }],
    ml: [{ ml: margin() }],
    "space-x": [{ "space-x": spacing() }],
    "space-y": [{ "space-y": spacing() }],
    size: [{ size: sizing() }],
    w: [{ w: ["screen", tshirt, ...sizing()] }],
    "min-w": [{ "min-w": ["screen", "none", tshirt, ...sizing()] }],
    "max-w": [{ "max-w": ["screen", "none", "prose", tshirt, { screen: [tshirt] }, ...sizing()] }],
    h: [{ h: ["screen", "lh", ...sizing()] }],
    "min-h": [{ "min-h": ["screen", "lh", "none", ...sizing()] }],
    "max-h": [{ "max-h": ["screen", "lh", "none", ...sizing()] }],
    "font-size": [{ text: ["base", tshirt, arbitraryLength] }],
    "font-weight": [{ font: ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] }],
    "font-family": [{ font: [notArbitrary] }],
    "fvn-spacing": ["proportional-nums", "tabular-nums"],
    tracking: [{ tracking: ["tighter", "tight", "normal", "wide", "wider", "widest", arbitrary] }],
    "line-clamp": [{ "line-clamp": [number, "none", arbitrary] }],
    leading: [{ leading: ["none", "tight", "snug", "normal", "relaxed", "loose", ...spacing()] }],
    "list-style-type": [{ list: ["disc", "decimal", "none", arbitrary] }],
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "text-color": [{ text: color() }],
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "text-decoration-thickness": [{ decoration: [number, "from-font", "auto", arbitraryLength] }],
    "text-decoration-color": [{ decoration: color() }],
    "underline-offset": [{ "underline-offset": [number, "auto", arbitrary] }],
    "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
    "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
    "vertical-align": [{ align: ["baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super", arbitrary] }],
    whitespace: [{ whitespace: ["normal", "nowrap", "pre", "pre-line", "pre-wrap", "break-spaces"] }],
    break: [{ break: ["normal", "words", "all", "keep"] }],
    "bg-color": [{ bg: color() }],
    rounded: [{ rounded: ["", "none", "full", "card", tshirt, arbitrary] }],
    "border-w": [{ border: borderWidth() }],
    "border-w-y": [{ "border-y": borderWidth() }],
    "border-w-t": [{ "border-t": borderWidth() }],
    "border-w-r": [{ "border-r": borderWidth() }],
    "border-w-b": [{ "border-b": borderWidth() }],
    "border-w-l": [{ "border-l": borderWidth() }],
    "divide-y": [{ "divide-y": borderWidth() }],
    "border-style": [{ border: ["solid", "dashed", "dotted", "double", "hidden", "none"] }],
    "border-color": [{ border: color() }],
    "divide-color": [{ divide: color() }],
    "outline-style": [{ outline: ["solid", "dashed", "dotted", "double", "none", "hidden"] }],
    "outline-offset": [{ "outline-offset": [number, arbitrary] }],
    "outline-w": [{ outline: ["", number, arbitraryLength] }],
    "outline-color": [{ outline: color() }],
    shadow: [{ shadow: ["", "none", "inner", "card", "raised", tshirt] }],
    "shadow-color": [{ shadow: color() }],
    "ring-w": [{ ring: borderWidth() }],
    "ring-color": [{ ring: color() }],
    "ring-offset-w": [{ "ring-offset": [number, arbitraryLength] }],
    "ring-offset-color": [{ "ring-offset": color() }],
    opacity: [{ opacity: [number, arbitrary] }],
    filter: [{ filter: ["", "none"] }],
    "backdrop-blur": [{ "backdrop-blur": ["", "none", tshirt, arbitrary] }],
    "table-layout": [{ table: ["auto", "fixed"] }],
    transition: [{ transition: ["", "all", "colors", "opacity", "shadow", "transform", "none", arbitrary] }],
    duration: [{ duration: [number, "initial", arbitrary] }],
    animate: [{ animate: ["none", "spin", "ping", "pulse", "bounce", arbitrary] }],
    rotate: [{ rotate: ["none", number, arbitrary] }],
    "translate-x": [{ "translate-x": [fraction, "full", ...spacing()] }],
    "translate-y": [{ "translate-y": [fraction, "full", ...spacing()] }],
    accent: [{ accent: color() }],
    cursor: [{ cursor: ["auto", "default", "pointer", "wait", "text", "move", "help", "not-allowed", "none", arbitrary] }],
    "pointer-events": [{ "pointer-events": ["auto", "none"] }],
    resize: [{ resize: ["none", "", "y", "x"] }],
    "scroll-behavior": [{ scroll: ["auto", "smooth"] }],
    "scroll-mt": [{ "scroll-mt": spacing() }],
    "snap-strictness": [{ snap: ["mandatory", "proximity"] }],
    "snap-type": [{ snap: ["none", "x", "y", "both"] }],
    fill: [{ fill: ["none", ...color()] }],
  },
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    inset: ["inset-x", "top", "right", "bottom", "left"],
    "inset-x": ["right", "left"],
    flex: ["shrink"],
    gap: ["gap-x", "gap-y"],
    p: ["px", "py", "pt", "pr", "pb", "pl"],
    px: ["pr", "pl"],
    py: ["pt", "pb"],
    m: ["mx", "my", "mt", "mr", "mb", "ml"],
    mx: ["mr", "ml"],
    my: ["mt", "mb"],
    size: ["w", "h"],
    "font-size": ["leading"],
    "line-clamp": ["display", "overflow"],
    "border-w": ["border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
    "border-w-y": ["border-w-t", "border-w-b"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
}));

/**
 * Joins class names, skipping the falsy ones (for conditional classes); when two Tailwind classes set
 * the same property, the later one wins, so a caller's `className` can override a component's default.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
