/**
 * The class of device a request came from, read from its User-Agent alone: phone, tablet or
 * desktop. Nothing else of the request is looked at, and only the class is ever kept (no
 * User-Agent, no fingerprint, nothing that tells one reader from another). It is a coarse guess:
 * an iPad asking for the desktop site (iPadOS' default) says "Macintosh" and counts as a desktop.
 */

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** What clicks and views counted before devices were kept are recorded as. */
export const UNKNOWN_DEVICE = "unknown";

// Tablets first: Android tablets leave "Mobile" out of their User-Agent, and some tablets'
// browsers (Silk, Kindle) name themselves without naming Android.
const TABLET = /\b(?:ipad|tablet|kindle|silk|playbook)\b|android(?!.*\bmobile\b)|\bsm-t\d|\bnexus (?:7|9|10)\b/i;
const PHONE = /\b(?:iphone|ipod|mobile|phone|blackberry|bb10|opera mini|iemobile|webos)\b|android.*\bmobile\b/i;

/** The device class of a User-Agent; desktop when it names neither a tablet nor a phone. */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const agent = userAgent ?? "";
  if (agent === "") return "desktop";
  // "Windows Phone … Android … Mobile" and Firefox OS phones say "Mobile"; a tablet never does,
  // except a few Android ones, which the TABLET pattern names by model.
  if (TABLET.test(agent) && !/\bwindows phone\b/i.test(agent)) return "tablet";
  return PHONE.test(agent) ? "phone" : "desktop";
}

/** How the admin names a class. */
export function describeDevice(device: string): string {
  switch (device) {
    case "phone":
      return "Phones";
    case "tablet":
      return "Tablets";
    case "desktop":
      return "Desktops and laptops";
    default:
      return "Unknown (counted before devices were kept)";
  }
}
