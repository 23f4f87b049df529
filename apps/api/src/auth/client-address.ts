import ipaddr from 'ipaddr.js';

/**
 * The client address as the rate limits count it. `ip` is Fastify's `request.ip`, which
 * honours the server's trust-proxy setting; nothing here reads forwarding headers itself.
 * An IPv4-mapped IPv6 address counts as its IPv4 address. An IPv6 address counts as its /64:
 * that is one subscriber's network (RFC 6177), inside which privacy addresses rotate
 * (RFC 8981) and an attacker may pick any of 2^64 addresses, so a per-address limit keyed by
 * the full address would count nothing. Anything unparsable is used as it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${network.toString()}/64`;
}
