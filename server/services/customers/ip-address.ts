/**
 * IP addresses as the server stores and compares them: strictly valid (node:net isIP), in one
 * canonical text per address (IPv4 dotted decimal; IPv6 compressed lower case, the WHATWG URL
 * serialisation; an IPv4-mapped IPv6 address as its IPv4), so "2001:DB8::1" and "2001:db8:0::1"
 * are one address and a count by ip is a count of addresses.
 */
import { isIP } from 'node:net';

/** The canonical text of `value`, or null when it is not an IPv4 or IPv6 address (zones, CIDR and ports refused). */
export function canonicalIp(value: string): string | null {
  const s = value.trim();
  if (s.length === 0 || s.length > 45) return null;
  const kind = isIP(s);
  if (kind === 4) return s;
  if (kind !== 6 || s.includes('%')) return null;
  let host: string;
  try {
    host = new URL(`http://[${s}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return host;
}

/** An address as a number (IPv4: 32 bits, IPv6: 128) and its family, for range checks. */
export function ipToBigInt(ip: string): { family: 4 | 6; value: bigint } | null {
  const c = canonicalIp(ip);
  if (c === null) return null;
  if (isIP(c) === 4) {
    return { family: 4, value: c.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n) };
  }
  // Expand "::" to the missing zero groups, then read eight 16-bit groups.
  let text = c;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4[1]!.split('.').map(Number);
    text =
      text.slice(0, -v4[1]!.length) + `${((n[0]! << 8) | n[1]!).toString(16)}:${((n[2]! << 8) | n[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  return { family: 6, value: groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n) };
}

export interface IpRange {
  family: 4 | 6;
  first: bigint;
  last: bigint;
}

/** "192.0.2.0/26" -> its first and last address; throws on a malformed CIDR (a bug in a table). */
export function parseCidr(cidr: string): IpRange {
  const [addr, bitsText] = cidr.split('/');
  const ip = addr === undefined ? null : ipToBigInt(addr);
  const width = ip?.family === 4 ? 32 : 128;
  const bits = Number(bitsText);
  if (!ip || !Number.isInteger(bits) || bits < 0 || bits > width) throw new Error(`Invalid CIDR: ${cidr}`);
  const host = (1n << BigInt(width - bits)) - 1n;
  return { family: ip.family, first: ip.value & ~host, last: (ip.value & ~host) | host };
}

export function inRange(ip: { family: 4 | 6; value: bigint }, r: IpRange): boolean {
  return ip.family === r.family && ip.value >= r.first && ip.value <= r.last;
}
