import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rateLimitKey, resolveClientAddress } from "../../server/http/client-address.ts";
import { loadConfig } from "../../server/core/config.ts";

const none = { kind: "none" } as const;
const oneHop = { kind: "hops", hops: 1 } as const;
const proxies = { kind: "addresses", addresses: ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"] } as const;

describe("resolveClientAddress", () => {
  it("without TRUST_PROXY takes the TCP peer and ignores X-Forwarded-For", () => {
    expect(resolveClientAddress("203.0.113.5", "198.51.100.1", none)).toBe("203.0.113.5");
    expect(resolveClientAddress("::ffff:203.0.113.5", undefined, none)).toBe("203.0.113.5");
  });

  it("with a hop count takes the address the last proxy saw, not what the client wrote", () => {
    expect(resolveClientAddress("10.0.0.2", "198.51.100.1", oneHop)).toBe("198.51.100.1");
    // The client wrote 1.2.3.4 itself; the proxy appended the real address.
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 198.51.100.1", oneHop)).toBe("198.51.100.1");
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 198.51.100.1, 10.0.0.9", { kind: "hops", hops: 2 })).toBe(
      "198.51.100.1",
    );
    expect(resolveClientAddress("10.0.0.2", undefined, oneHop)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "not-an-address", oneHop)).toBe("10.0.0.2");
  });

  it("with a list believes only listed proxies, walking the header from the right", () => {
    expect(resolveClientAddress("10.1.2.3", "1.2.3.4, 198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("::ffff:192.0.2.7", "198.51.100.1, 10.9.9.9", proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("2001:db8::1", "2001:db8:ffff::2, 2a00:1450::5", proxies)).toBe("2a00:1450::5");
    // A peer that is not a listed proxy is the client, whatever header it sends.
    expect(resolveClientAddress("203.0.113.5", "198.51.100.1", proxies)).toBe("203.0.113.5");
    // Only proxies all the way: the leftmost address is the best there is.
    expect(resolveClientAddress("10.1.2.3", "10.4.5.6", proxies)).toBe("10.4.5.6");
  });
});

describe("resolveClientAddress's one spelling per address", () => {
  it.each([
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::FFFF:203.0.113.5", "203.0.113.5"],
    ["::ffff:cb00:7105", "203.0.113.5"],
    ["0:0:0:0:0:ffff:cb00:7105", "203.0.113.5"],
    ["2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2::9"],
    ["fe80::1%eth0", "fe80::1"],
    ["2001:db8:1:2:a:b:c:d%25eth0", "2001:db8:1:2:a:b:c:d"],
    // IPv4-compatible (deprecated), read as its IPv4 address as well.
    ["::1.2.3.4", "1.2.3.4"],
  ])("%s is %s, as the TCP peer and in X-Forwarded-For", (written, address) => {
    expect(resolveClientAddress(written, undefined, none)).toBe(address);
    expect(resolveClientAddress("10.0.0.2", `198.51.100.1, ${written}`, oneHop)).toBe(address);
  });

  it("recognises a trusted proxy in any spelling, and never reads lenient IPv4 forms as addresses", () => {
    const loopback = { kind: "addresses", addresses: ["127.0.0.1"] } as const;
    expect(resolveClientAddress("::ffff:7f00:1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(resolveClientAddress("127.0.0.1", "198.51.100.1, ::ffff:7f00:1", loopback)).toBe("198.51.100.1");
    expect(resolveClientAddress("10.0.0.2", "127.1", oneHop)).toBe("10.0.0.2");
    expect(resolveClientAddress("unknown", undefined, none)).toBe("unknown");
  });

  it("gives every spelling of one IPv6 /64 one rate-limit key", () => {
    const spellings = [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:a:b:c:d%eth0",
      "2001:db8:1:2::1.2.3.4",
    ];
    expect(new Set(spellings.map((written) => rateLimitKey(resolveClientAddress(written, undefined, none))))).toEqual(
      new Set(["2001:db8:1:2::/64"]),
    );
  });
});

describe("TRUST_PROXY", () => {
  const load = (value: string | undefined) =>
    loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "utilaje-config-")),
      JWT_SECRET: "x".repeat(32),
      ...(value === undefined ? {} : { TRUST_PROXY: value }),
    });

  it("is off by default and reads a hop count or a list of addresses and ranges", () => {
    expect(load(undefined).TRUST_PROXY).toEqual({ kind: "none" });
    expect(load("false").TRUST_PROXY).toEqual({ kind: "none" });
    expect(load("2").TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(load("127.0.0.1, 10.0.0.0/8, ::1").TRUST_PROXY).toEqual({
      kind: "addresses",
      addresses: ["127.0.0.1", "10.0.0.0/8", "::1"],
    });
  });

  it("names the variable when a value is neither", () => {
    expect(() => load("proxy.example.com")).toThrow(/TRUST_PROXY: must be a hop count or a list/);
    expect(() => load("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
  });
});

describe("rateLimitKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(["203.0.113.5", "127.0.0.1"].map(rateLimitKey)).toEqual(["203.0.113.5", "127.0.0.1"]);
  });

  it("gives every address of one IPv6 /64 the same key", () => {
    const oneNetwork = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:fffe",
      "2001:db8:1:2::9",
      "2001:db8:1:2::102:304",
    ];
    expect(new Set(oneNetwork.map(rateLimitKey))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(["2001:db8:1:3::1", "2001:db8:1::2:0:0:1", "::1", "fe80::1"].map(rateLimitKey)).toEqual([
      "2001:db8:1:3::/64",
      "2001:db8:1::/64",
      "::/64",
      "fe80::/64",
    ]);
  });

  it("keeps what is not an address", () => {
    expect(["unknown", ""].map(rateLimitKey)).toEqual(["unknown", ""]);
  });
});
