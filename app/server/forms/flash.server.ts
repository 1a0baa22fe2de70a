import { createHmac } from "node:crypto";
import { z } from "zod";
import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import type { Flash } from "~/lib/forms/flash";
import type { AppConfig } from "../config.server";

/**
 * The flash message (lib/forms/flash.ts) in a signed, short-lived cookie: an action sets it with its
 * redirect, the loader of the page the browser lands on reads it once and answers a Set-Cookie
 * that clears it.
 *
 * Why it can never reach a cached public page: only admin and account pages read it, and those
 * paths are never cached (page-cache/cache-key.ts); besides, a response that sets a cookie is
 * never stored (page-cache/http-rules.ts), and every read clears the cookie with a Set-Cookie.
 */

const FLASH_KEY = "flash";
const MAX_NOTES = 10;
const MAX_TEXT = 300;
/**
 * Bytes (UTF-8) of notes a cookie can carry. Browsers drop a cookie over 4 KB without a word, and the
 * value is base64 (a third longer) plus a signature: past this, the whole message, "saved"
 * included, would be lost.
 */
const MAX_NOTES_BYTES = 2000;

/**
 * The notes that fit the cookie, each cut to MAX_TEXT; when some do not fit, the last line says how
 * many more there were, so the admin knows the list is not complete.
 */
export function fitNotes(notes: readonly string[]): string[] {
  const texts = notes.map((note) => note.slice(0, MAX_TEXT));
  const total = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  if (texts.length <= MAX_NOTES && total <= MAX_NOTES_BYTES) return texts;
  // One line is kept for the count.
  const kept: string[] = [];
  let length = 0;
  for (const text of texts) {
    const bytes = Buffer.byteLength(text);
    if (kept.length === MAX_NOTES - 1 || length + bytes > MAX_NOTES_BYTES) break;
    kept.push(text);
    length += bytes;
  }
  const left = texts.length - kept.length;
  return [...kept, `…and ${left} more ${left === 1 ? "note" : "notes"} not shown here.`];
}

const shortText = z.string().transform((value) => value.slice(0, MAX_TEXT));
const flashSchema = z.object({
  toast: z
    .object({ kind: z.enum(["success", "error", "info", "warning"]), title: shortText, description: shortText.optional() })
    .optional(),
  notice: z.object({ title: shortText, text: shortText }).optional(),
  notes: z.array(shortText).max(MAX_NOTES).optional(),
});

const storages = new WeakMap<AppConfig, SessionStorage>();

function flashStorage(config: AppConfig): SessionStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = createCookieSessionStorage({
      cookie: {
        name: "flash",
        httpOnly: true,
        sameSite: "lax",
        secure: config.baseUrl.startsWith("https:"),
        // "/" so an account page (/auth) can carry one as well as the admin pages.
        path: "/",
        // A message nobody read within minutes is about a page the admin has left.
        maxAge: 300,
        // Its own key, derived from the site secret, so this cookie's signature says nothing about the sessions'.
        secrets: [createHmac("sha256", config.authSecret).update("flash cookie").digest("base64url")],
      },
    });
    storages.set(config, storage);
  }
  return storage;
}

/** The Set-Cookie headers that carry `flash` to the next page. */
export async function setFlash(request: Request, config: AppConfig, flash: Flash): Promise<Headers> {
  const storage = flashStorage(config);
  const session = await storage.getSession(request.headers.get("cookie"));
  session.flash(FLASH_KEY, { ...flash, notes: flash.notes && fitNotes(flash.notes) });
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/** Post/redirect/get with a message: the redirect response to throw or return from an action. */
export async function redirectWithFlash(request: Request, config: AppConfig, to: string, flash: Flash): Promise<Response> {
  return redirect(to, { headers: await setFlash(request, config, flash) });
}

/**
 * The flash waiting for this page, if any, and the headers the loader must send with its answer
 * (a Set-Cookie clearing it; empty when there was none, so most answers set no cookie).
 */
export async function readFlash(request: Request, config: AppConfig): Promise<{ flash: Flash | null; headers: Headers }> {
  const cookie = request.headers.get("cookie");
  const storage = flashStorage(config);
  if (!cookie || !cookie.includes("flash=")) return { flash: null, headers: new Headers() };
  const session = await storage.getSession(cookie);
  if (!session.has(FLASH_KEY)) return { flash: null, headers: new Headers() };
  const parsed = flashSchema.safeParse(session.get(FLASH_KEY));
  return {
    flash: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
