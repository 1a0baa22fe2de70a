/**
 * A click's sub-ID on the way out (docs/decisions/0074). Each counted /go click gets a short
 * random ID; a merchant with a sub-ID template gets it added to the link as its network expects,
 * so the network's commission report names the click. The ID is random and says nothing by itself.
 */

/** The networks' own parameter names, as the merchant form offers them. */
export const SUB_ID_PRESETS = [
  { network: "Amazon Associates", template: "ascsubtag={id}" },
  { network: "Awin", template: "clickref={id}" },
  { network: "CJ", template: "sid={id}" },
  { network: "Impact", template: "subId1={id}" },
  { network: "ShareASale", template: "afftrack={id}" },
  { network: "Rakuten", template: "u1={id}" },
] as const;

/** name={id}: the parameter name in letters, digits, `_`, `-`, `.`, `[` and `]`. */
const TEMPLATE = /^([A-Za-z0-9_.[\]-]{1,40})=\{id\}$/;

/** The parameter name of a valid template, or null. */
export function subIdParameter(template: string | null | undefined): string | null {
  const match = TEMPLATE.exec((template ?? "").trim());
  return match ? match[1]! : null;
}

/** The form's words when a template is not one. */
export const SUB_ID_TEMPLATE_ERROR = "Write the parameter as name={id}, e.g. clickref={id}, or pick a network.";

/** 32 letters and digits a network keeps as written: no 0/o or 1/l to misread in a report. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const SUB_ID_LENGTH = 10;

/** A new random sub-ID (50 bits), from the random bytes given (at least SUB_ID_LENGTH of them). */
export function subIdFrom(bytes: Uint8Array): string {
  let id = "";
  for (let index = 0; index < SUB_ID_LENGTH; index++) id += ALPHABET[bytes[index]! & 31];
  return id;
}

/** What a report's sub-ID column may hold for it to be one of ours: the alphabet and length above. */
export function isSubId(text: string): boolean {
  return text.length === SUB_ID_LENGTH && [...text].every((char) => ALPHABET.includes(char));
}

/**
 * The link with the sub-ID added by the template's parameter: the parameter's value replaced
 * if the link already has it, else appended, before any fragment. Nothing else of the link is
 * rewritten (no re-encoding of its other parameters). Without a valid template, the link as given.
 */
export function withSubId(url: string, template: string | null | undefined, subId: string): string {
  const name = subIdParameter(template);
  if (name === null) return url;
  const hashAt = url.indexOf("#");
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = base.indexOf("?");
  const pair = `${encodeURIComponent(name)}=${subId}`;
  if (queryAt === -1) return `${base}?${pair}${fragment}`;
  const parts = base.slice(queryAt + 1).split("&");
  let replaced = false;
  const kept = parts.map((part) => {
    const equals = part.indexOf("=");
    const key = equals === -1 ? part : part.slice(0, equals);
    if (!replaced && safeDecode(key) === name) {
      replaced = true;
      return pair;
    }
    return part;
  });
  const query = replaced ? kept.join("&") : [...parts.filter((part) => part !== ""), pair].join("&");
  return `${base.slice(0, queryAt)}?${query}${fragment}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
