import { isIPv6 } from "node:net";

/**
 * The client's address, for the abuse limits. Behind no proxy (TRUST_PROXY=false, the default)
 * it is the connection's address and X-Forwarded-For is ignored: anyone can write that header.
 * Behind N proxies, each appends the address it saw, so the entry N places from the end (counting
 * the connection as the last) is the one the outermost trusted proxy saw. Entries further left
 * were written by the client and are never believed.
 */
export function clientAddress(
  connectionAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxyHops: number,
): string | null {
  const hops = [...forwardedHops(forwardedFor), connectionAddress ?? ""].map(normaliseAddress);
  // With fewer entries than trusted proxies, the leftmost is the best anyone knows.
  return hops[Math.max(0, hops.length - 1 - trustProxyHops)] || null;
}

function forwardedHops(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * '::ffff:10.0.0.1' (an IPv4 client on a dual-stack socket) and '10.0.0.1' are the same client.
 * An IPv6 client counts as its /64: one household or server gets a whole /64, so counting single
 * addresses would give an attacker 2^64 fresh budgets.
 */
function normaliseAddress(address: string): string {
  const text = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!isIPv6(text)) return text;
  const [head = "", tail = ""] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = text.includes("::") && tail ? tail.split(":") : [];
  const groups = text.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The machine itself, as clientAddress() writes it (IPv6's ::1 falls in the /64 of ::). */
export function isLoopbackAddress(address: string | null): boolean {
  return address !== null && (address.startsWith("127.") || address === "0:0:0:0::/64");
}
