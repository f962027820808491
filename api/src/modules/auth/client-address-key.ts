import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under. An IPv6 host usually holds a whole /64 (and picks new
 * addresses in it at will), so IPv6 is counted by its /64; an IPv4-mapped IPv6 address counts as the IPv4
 * address it carries. Anything else (no address known) is counted as it is.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, …, 1). */
function expandIPv6(address: string): string[] {
  // A trailing dotted IPv4 part ("::1.2.3.4") is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  let text = address;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${address.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
