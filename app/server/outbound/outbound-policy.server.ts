import { BlockList, isIP } from "node:net";

/**
 * Where the site's own outbound requests (link checks, merchant feeds, anything later) may go
 * (docs/decisions/0053-guarded-outbound-requests.md). By default: any public address, on ports
 * 80 and 443 only. The operator can open a range inside the network (OUTBOUND_ALLOW_PRIVATE) or
 * more ports (OUTBOUND_ALLOW_PORTS) on purpose; nothing else widens it.
 */

export interface OutboundPolicy {
  /** Internal ranges the operator lets requests reach on purpose, as CIDR (a bare address is /32 or /128). */
  allowPrivate: readonly string[];
  /** Ports allowed besides 80 and 443, as inclusive [from, to] ranges. */
  allowPorts: readonly (readonly [number, number])[];
}

export const STRICT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({ allowPrivate: [], allowPorts: [] });

/** The web's own ports: every shop and feed is reachable on them. */
export const STANDARD_PORTS: readonly number[] = [80, 443];

type Parsed<T> = { value: T } | { error: string };

/**
 * "10.20.0.0/16, fd00::/8, 192.168.1.5" → each range in canonical CIDR form. A mistyped range
 * is refused with the entry named, never skipped: a silently ignored entry would block what the
 * operator meant to allow, and a loosely read one could allow more.
 */
export function parseAllowedRanges(text: string): Parsed<string[]> {
  const ranges: string[] = [];
  for (const entry of splitList(text)) {
    const [address = "", prefixText, extra] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || extra !== undefined) {
      return { error: `"${entry}" is not an address range such as 10.20.0.0/16 or fd00::/8` };
    }
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      return { error: `"${entry}" has a prefix length outside 0-${max}` };
    }
    ranges.push(`${address.toLowerCase()}/${prefix}`);
  }
  return { value: ranges };
}

/** "8080, 8443, 9000-9100" → inclusive ranges of ports. */
export function parseAllowedPorts(text: string): Parsed<[number, number][]> {
  const ports: [number, number][] = [];
  for (const entry of splitList(text)) {
    const match = /^(\d{1,5})(?:\s*-\s*(\d{1,5}))?$/.exec(entry);
    const from = Number(match?.[1]);
    const to = match?.[2] === undefined ? from : Number(match[2]);
    if (!match || from < 1 || to > 65535 || from > to) {
      return { error: `"${entry}" is not a port (1-65535) or a range of ports such as 8000-8099` };
    }
    ports.push([from, to]);
  }
  return { value: ports };
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

export function isPortAllowed(policy: OutboundPolicy, port: number): boolean {
  return STANDARD_PORTS.includes(port) || policy.allowPorts.some(([from, to]) => port >= from && port <= to);
}

const allowLists = new WeakMap<OutboundPolicy, BlockList>();

/**
 * Whether the operator opened this address on purpose. Node's BlockList compares an
 * IPv4-mapped IPv6 address (::ffff:10.0.0.5) with the IPv4 ranges, so both spellings of one
 * address get the same answer.
 */
export function isAllowedByOperator(policy: OutboundPolicy, address: string): boolean {
  if (policy.allowPrivate.length === 0) return false;
  let list = allowLists.get(policy);
  if (!list) {
    list = new BlockList();
    for (const range of policy.allowPrivate) {
      const [network = "", prefix = ""] = range.split("/");
      list.addSubnet(network, Number(prefix), isIP(network) === 4 ? "ipv4" : "ipv6");
    }
    allowLists.set(policy, list);
  }
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Addresses the filtering library counts as ordinary unicast but that must not be reached: the
 * deprecated IPv4-compatible IPv6 block (::/96, e.g. ::127.0.0.1), which some stacks still route
 * to the embedded IPv4 address. Checked on top of the library, before it.
 */
const EXTRA_INTERNAL = (() => {
  const list = new BlockList();
  list.addSubnet("::", 96, "ipv6");
  return list;
})();

export function isExtraInternal(address: string): boolean {
  return isIP(address) === 6 && EXTRA_INTERNAL.check(address, "ipv6");
}

/** The settings' own words for the operator, for errors that mention how to widen the policy. */
export function describeAllowedPorts(policy: OutboundPolicy): string {
  const extra = policy.allowPorts.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`));
  return [...STANDARD_PORTS.map(String), ...extra].join(", ");
}
