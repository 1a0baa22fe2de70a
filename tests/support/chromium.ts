/**
 * How every Chromium here is launched: Debian's build (never a downloaded browser), headless,
 * with no network of its own (no updates, sync or QUIC probes that would add requests to a
 * measurement or fail offline) and no sandbox, which containers cannot provide.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
