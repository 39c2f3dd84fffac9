import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { Config, ProxyTrust } from "../core/config.ts";

/**
 * One spelling per address, so that rate limits, trusted proxies and logs agree: an IPv4-mapped IPv6
 * address ("::ffff:10.0.0.1" on a dual-stack socket, or "::ffff:a00:1") is its IPv4 address, an IPv6
 * address loses its zone ("%eth0") and is written in its short lower-case form. What is not an
 * address (checked by node:net's strict isIP, never ipaddr's lenient IPv4 forms such as "127.1")
 * stays as it is.
 */
function canonical(address: string): string {
  const bare = address.replace(/%.*$/, "");
  return isIP(bare) === 0 ? address : ipaddr.process(bare).toString();
}

const blockLists = new WeakMap<readonly string[], BlockList>();

function trustedSet(addresses: readonly string[]): BlockList {
  let list = blockLists.get(addresses);
  if (!list) {
    list = new BlockList();
    for (const entry of addresses) {
      const [address, prefix] = entry.split("/");
      const family = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    blockLists.set(addresses, list);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address from the TCP peer and the X-Forwarded-For header, believing only trusted
 * hops. Each proxy appends the address it received the request from, so the header is read from the
 * right: entries written by the client itself (spoofed) sit to the left of the first untrusted hop
 * and are never reached.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trust: ProxyTrust): string {
  const direct = canonical(peer);
  if (trust.kind === "none" || !forwardedFor) return direct;
  const chain = forwardedFor
    .split(",")
    .map((entry) => canonical(entry.trim()))
    .filter((entry) => isIP(entry) !== 0);
  if (trust.kind === "hops") {
    // The peer is the last proxy; each further trusted hop is one more entry from the right.
    const index = chain.length - trust.hops;
    return chain[Math.max(index, 0)] ?? direct;
  }
  const list = trustedSet(trust.addresses);
  let client = direct;
  while (isTrusted(list, client) && chain.length > 0) client = chain.pop() ?? client;
  return client;
}

/** The TCP peer's address; "unknown" when the app is called in-process, without a socket. */
function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The address of the client of this request, as rate limits and logs know it (see TRUST_PROXY). */
export function clientAddress(c: Context, config: Pick<Config, "TRUST_PROXY">): string {
  return resolveClientAddress(peerAddress(c), c.req.header("x-forwarded-for"), config.TRUST_PROXY);
}

/**
 * What a per-address rate limit counts for `address` (as resolveClientAddress spells it): an IPv4
 * address itself, an IPv6 address's /64 ("2001:db8:1:2::/64"). A home or a server gets a whole /64
 * and picks any address in it, so counting IPv6 addresses one by one would let one client rotate
 * past every limit. Anything else ("unknown", no socket) is its own key.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const network = ipaddr.IPv6.parse(address).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}
