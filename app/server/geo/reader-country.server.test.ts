import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countryCode, createReaderCountry, maxmindLookup } from "./reader-country.server";

/**
 * A MaxMind DB (format 2.0) of IPv4 networks, each with a country: the smallest file the maxmind
 * package reads the way it reads GeoLite2-Country, so the lookup is tested against the real reader
 * without shipping a database.
 */
function mmdbFile(networks: { address: string; bits: number; country: string }[]): Buffer {
  const control = (type: number, size: number) => (type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]));
  const text = (value: string) => Buffer.concat([control(2, Buffer.byteLength(value)), Buffer.from(value)]);
  const uint = (type: number, value: number) => {
    const bytes: number[] = [];
    for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
  };
  const map = (entries: [string, Buffer][]) =>
    Buffer.concat([control(7, entries.length), ...entries.flatMap(([key, value]) => [text(key), value])]);

  const records: Buffer[] = [];
  const dataOffsets: number[] = [];
  let dataLength = 0;
  for (const network of networks) {
    const record = map([["country", map([["iso_code", text(network.country)]])]]);
    dataOffsets.push(dataLength);
    dataLength += record.length;
    records.push(record);
  }
  // The search tree: node 0 is the root; a record is a node, "no data" or a data pointer.
  type Value = { node: number } | { data: number } | null;
  const nodes: [Value, Value][] = [[null, null]];
  networks.forEach((network, index) => {
    const bits = network.address
      .split(".")
      .flatMap((octet) => Number(octet).toString(2).padStart(8, "0").split(""))
      .map(Number);
    let node = 0;
    for (let depth = 0; depth < network.bits; depth++) {
      const side = bits[depth]!;
      if (depth === network.bits - 1) {
        nodes[node]![side] = { data: index };
        break;
      }
      const next = nodes[node]![side];
      if (next && "node" in next) node = next.node;
      else {
        nodes.push([null, null]);
        nodes[node]![side] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  });
  const nodeCount = nodes.length;
  const recordValue = (value: Value) =>
    value === null ? nodeCount : "node" in value ? value.node : nodeCount + 16 + dataOffsets[value.data]!;
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach(([left, right], index) => {
    tree.writeUIntBE(recordValue(left), index * 6, 3);
    tree.writeUIntBE(recordValue(right), index * 6 + 3, 3);
  });
  const metadata = map([
    ["node_count", uint(6, nodeCount)],
    ["record_size", uint(5, 24)],
    ["ip_version", uint(5, 4)],
    ["database_type", text("Test-Country")],
    ["languages", control(11, 0)],
    ["binary_format_major_version", uint(5, 2)],
    ["binary_format_minor_version", uint(5, 0)],
    ["build_epoch", uint(9, 1_764_000_000)],
    ["description", map([])],
  ]);
  return Buffer.concat([tree, Buffer.alloc(16), ...records, Buffer.from("abcdef4d61784d696e642e636f6d", "hex"), metadata]);
}

const folder = mkdtempSync(path.join(tmpdir(), "geoip-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function request(headers: Record<string, string>, remoteAddress = "127.0.0.1"): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe("countryCode", () => {
  it("keeps two-letter codes in upper case and refuses placeholders and junk", () => {
    expect(countryCode(" de ")).toBe("DE");
    for (const value of ["XX", "T1", "EU", "", "DEU", "<b>", undefined, 7]) expect(countryCode(value)).toBeNull();
  });
});

describe("the reader's country", () => {
  const file = path.join(folder, "countries.mmdb");
  writeFileSync(
    file,
    mmdbFile([
      { address: "203.0.113.0", bits: 24, country: "DE" },
      { address: "198.51.100.0", bits: 24, country: "CA" },
    ]),
  );

  it("reads a MaxMind database with the maxmind package", () => {
    const lookup = maxmindLookup(file);
    expect(lookup("203.0.113.77")).toBe("DE");
    expect(lookup("198.51.100.1")).toBe("CA");
    expect(lookup("192.0.2.1")).toBeNull();
    expect(lookup("not an address")).toBeNull();
  });

  it("believes the proxy's header only behind TRUST_PROXY, else asks the database, else nobody knows", () => {
    const trusted = createReaderCountry({ header: "CF-IPCountry", trustProxyHops: 1, geoipDb: file });
    expect(trusted.countryOf(request({ "cf-ipcountry": "de" }))).toBe("DE");
    expect(trusted.countryOf(request({ "cf-ipcountry": "XX", "x-forwarded-for": "198.51.100.4" }))).toBe("CA");
    expect(trusted.countryOf(request({ "x-forwarded-for": "192.0.2.1" }))).toBeNull();

    const direct = createReaderCountry({ header: "CF-IPCountry", trustProxyHops: 0, geoipDb: file });
    // Without a proxy the header is anyone's word, and X-Forwarded-For too: the connection's address counts.
    expect(direct.countryOf(request({ "cf-ipcountry": "DE" }, "198.51.100.8"))).toBe("CA");
    expect(direct.countryOf(request({ "cf-ipcountry": "DE", "x-forwarded-for": "203.0.113.1" }))).toBeNull();

    expect(createReaderCountry({ trustProxyHops: 1 }).countryOf(request({ "cf-ipcountry": "DE" }))).toBeNull();
  });

  it("keeps working, with no country, when the database file cannot be read", () => {
    const broken = path.join(folder, "broken.mmdb");
    writeFileSync(broken, "not a database");
    expect(createReaderCountry({ trustProxyHops: 0, geoipDb: broken }).countryOf(request({}, "203.0.113.1"))).toBeNull();
  });
});
