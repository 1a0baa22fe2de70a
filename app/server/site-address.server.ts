import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The address a server last started with, kept in its DATA_DIR, so `create-admin` run from a
 * shell without the site's PORT, HOST or BASE_URL still prints where the site really is.
 */

const FILE = "site-address";

export function recordSiteAddress(dataDir: string, baseUrl: string): void {
  writeFileSync(path.join(dataDir, FILE), `${baseUrl}\n`);
}

/** The recorded address, or null when no server has started on this DATA_DIR (or it is unreadable). */
export function recordedSiteAddress(dataDir: string): string | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, FILE), "utf8").trim();
  } catch {
    return null;
  }
  return /^https?:\/\/\S+$/.test(text) ? text : null;
}

export interface SignInAddress {
  url: string;
  /** settings: from this process's BASE_URL, PORT or HOST; recorded: the site's last start; default: neither. */
  from: "settings" | "recorded" | "default";
}

/**
 * Where to sign in, as `create-admin` prints it: the address this process's own settings give
 * when it was given any of them, else the one the site last started with, else the default.
 */
export function signInAddress(
  config: { baseUrl: string; dataDir: string },
  env: Readonly<Record<string, string | undefined>>,
): SignInAddress {
  if (env.BASE_URL || env.PORT || env.HOST) return { url: `${config.baseUrl}/auth`, from: "settings" };
  const recorded = recordedSiteAddress(config.dataDir);
  return recorded ? { url: `${recorded}/auth`, from: "recorded" } : { url: `${config.baseUrl}/auth`, from: "default" };
}
