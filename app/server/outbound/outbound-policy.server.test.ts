import { describe, expect, it } from "vitest";
import {
  describeAllowedPorts,
  isAllowedByOperator,
  isExtraInternal,
  isPortAllowed,
  parseAllowedPorts,
  parseAllowedRanges,
  STRICT_OUTBOUND_POLICY,
  type OutboundPolicy,
} from "./outbound-policy.server";

describe("the outbound policy", () => {
  it("opens nothing inside and only ports 80 and 443 by default", () => {
    expect(isAllowedByOperator(STRICT_OUTBOUND_POLICY, "10.0.0.1")).toBe(false);
    expect(isPortAllowed(STRICT_OUTBOUND_POLICY, 80)).toBe(true);
    expect(isPortAllowed(STRICT_OUTBOUND_POLICY, 443)).toBe(true);
    for (const port of [22, 3999, 5432, 6379, 8080]) expect(isPortAllowed(STRICT_OUTBOUND_POLICY, port), String(port)).toBe(false);
    expect(describeAllowedPorts(STRICT_OUTBOUND_POLICY)).toBe("80, 443");
  });

  it("matches the operator's ranges in both IP families, an IPv4-mapped address like its IPv4 form", () => {
    const policy: OutboundPolicy = { allowPrivate: ["10.20.0.0/16", "fd00::/8", "192.168.1.5/32"], allowPorts: [[8000, 8099]] };
    expect(isAllowedByOperator(policy, "10.20.3.4")).toBe(true);
    expect(isAllowedByOperator(policy, "::ffff:10.20.3.4")).toBe(true);
    expect(isAllowedByOperator(policy, "10.21.0.1")).toBe(false);
    expect(isAllowedByOperator(policy, "fd12::1")).toBe(true);
    expect(isAllowedByOperator(policy, "fc00::1")).toBe(false);
    expect(isAllowedByOperator(policy, "192.168.1.5")).toBe(true);
    expect(isAllowedByOperator(policy, "192.168.1.6")).toBe(false);
    expect(isPortAllowed(policy, 8050)).toBe(true);
    expect(isPortAllowed(policy, 8100)).toBe(false);
    expect(describeAllowedPorts(policy)).toBe("80, 443, 8000-8099");
  });

  it("refuses the IPv4-compatible IPv6 block the filtering library counts as public", () => {
    expect(isExtraInternal("::127.0.0.1")).toBe(true);
    expect(isExtraInternal("::a00:1")).toBe(true);
    expect(isExtraInternal("2606:4700::1111")).toBe(false);
    expect(isExtraInternal("::ffff:8.8.8.8")).toBe(false);
    expect(isExtraInternal("8.8.8.8")).toBe(false);
  });

  it("reads the settings' lists, naming a wrong entry", () => {
    expect(parseAllowedRanges("")).toEqual({ value: [] });
    expect(parseAllowedRanges(" 10.0.0.0/8 ,, ::1 ")).toEqual({ value: ["10.0.0.0/8", "::1/128"] });
    expect(parseAllowedRanges("10.0.0.0/8,lan")).toEqual({ error: '"lan" is not an address range such as 10.20.0.0/16 or fd00::/8' });
    expect(parseAllowedPorts("8080,9000 - 9010")).toEqual({
      value: [
        [8080, 8080],
        [9000, 9010],
      ],
    });
    expect(parseAllowedPorts("70000")).toMatchObject({ error: expect.stringContaining('"70000"') });
  });
});
