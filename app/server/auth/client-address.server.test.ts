import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.server";

describe("the client's address for the abuse limits", () => {
  it("behind no proxy, is the connection's address whatever X-Forwarded-For claims", () => {
    expect(clientAddress("203.0.113.7", undefined, 0)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
    expect(clientAddress(undefined, undefined, 0)).toBeNull();
  });

  it("behind N proxies, believes only the entries those proxies wrote", () => {
    // The client forged the first entry; the one proxy appended the real address.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", ["1.2.3.4", "203.0.113.7, 10.0.0.9"], 2)).toBe("203.0.113.7");
    // Fewer entries than proxies: the leftmost is the best anyone knows.
    expect(clientAddress("10.0.0.2", "203.0.113.7", 3)).toBe("203.0.113.7");
  });

  it("counts an IPv6 client as its /64", () => {
    expect(clientAddress("2001:db8:1:2:aaaa::1", undefined, 0)).toBe("2001:db8:1:2::/64");
    expect(clientAddress("2001:0db8:0001:0002:ffff:1:2:3", undefined, 0)).toBe("2001:db8:1:2::/64");
    expect(clientAddress("2001:db8::1", undefined, 0)).toBe("2001:db8:0:0::/64");
    expect(clientAddress("::1", undefined, 0)).toBe("0:0:0:0::/64");
  });
});
