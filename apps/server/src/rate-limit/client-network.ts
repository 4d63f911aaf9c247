import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The client a per-address limit counts: an IPv4 address as it is, an IPv6 client by its /64. A subscriber's line or
 * phone gets a whole /64 (2^64 addresses), so counting full IPv6 addresses would let one client take a fresh address
 * for every request and never meet a limit.
 */
export function clientNetwork(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const address = ip.split('%')[0]!;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  // "::" stands for the zero groups that make eight; an embedded IPv4 tail is two groups.
  const backGroups = back.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - backGroups).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
