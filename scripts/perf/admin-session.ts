import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * An admin made by the create-admin script on `dataDir`, signed in through the /auth form the way
 * a browser without JavaScript posts it: the session cookie to send with admin requests.
 */
export async function signInAsAdmin(origin: string, dataDir: string, siteEnv: Record<string, string> = {}): Promise<string> {
  const email = "bench-admin@example.com";
  const password = "a long bench password";
  const env = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, DATABASE_URL: "", LOG_LEVEL: "warn", ...siteEnv };
  // Not spawnSync: a blocked event loop cannot see the server close an idle keep-alive socket,
  // and the sign-in would then be sent on it and fail ("other side closed").
  await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email], { env }).catch(
    (error: { stderr?: string; stdout?: string }) => {
      throw new Error(`create-admin failed: ${error.stderr ?? ""}${error.stdout ?? error}`);
    },
  );
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/admin" }),
  });
  if (response.status !== 302 && response.status !== 303) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * What a browser would submit from the page's form holding `<input name="intent" value={intent}>`:
 * its text, hidden and checked inputs and its textareas, in order. The admin forms use nothing
 * else (no selects, no file inputs), so this is the whole form.
 */
export function formFieldsIn(html: string, intent: string): URLSearchParams {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)]
    .map((match) => match[1]!)
    .find((body) =>
      [...body.matchAll(/<input\b[^>]*>/g)].some(
        (input) => attribute(input[0], "name") === "intent" && attribute(input[0], "value") === intent,
      ),
    );
  if (form === undefined) throw new Error(`No form with intent ${intent} on the page`);
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const tag = match[0];
    const name = attribute(tag, "name");
    if (name === undefined || attribute(tag, "disabled") !== undefined) continue;
    if (tag.startsWith("<textarea")) {
      // The HTML parser drops one newline right after <textarea>; React writes one when the value starts with one.
      fields.append(name, decodeHtml(match[2]!.replace(/^\n/, "")));
      continue;
    }
    const type = attribute(tag, "type") ?? "text";
    if (["submit", "button", "file", "image", "reset"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && attribute(tag, "checked") === undefined) continue;
    fields.append(name, attribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
  }
  return fields;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`).exec(tag);
  return match ? decodeHtml(match[1] ?? "") : undefined;
}

/** The escapes React writes in text and attribute values, undone (&amp; last, so "&amp;lt;" stays "&lt;"). */
function decodeHtml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}
