/**
 * The names a tablet may use to reach this machine, which the server certificate must cover:
 * localhost and the loopback addresses, the machine's host name (and its mDNS `.local` name, which
 * iPads and most LANs resolve), every LAN address of its network interfaces, and the names the
 * operator adds (TLS_HOSTS). IPv6 link-local addresses are left out: an https:// address cannot
 * carry their zone, so no browser opens them. The order is stable: the certificate is re-issued
 * when the SET of names changes (a new DHCP address), never for a different order.
 */
import os from 'node:os';
import net from 'node:net';

/** A host name lower-cased, an IP address in its canonical text (`::1`, not `0:0:…:1`). */
export function normalizeHost(name: string): string {
  const bare = name.trim().replace(/^\[|\]$/g, '');
  if (net.isIPv6(bare)) return new URL(`http://[${bare}]/`).hostname.replace(/^\[|\]$/g, '');
  return bare.toLowerCase();
}

export function isIpAddress(name: string): boolean {
  return net.isIP(name) !== 0;
}

export interface HostSources {
  hostname: string;
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>;
}

/** The machine's names and addresses plus `extra`, normalized, deduplicated and sorted. */
export function machineHostNames(
  extra: readonly string[] = [],
  sources: HostSources = { hostname: os.hostname(), interfaces: os.networkInterfaces() },
): string[] {
  const names = new Set<string>(['localhost', '127.0.0.1', '::1']);
  const host = normalizeHost(sources.hostname);
  if (host && !isIpAddress(host)) {
    names.add(host);
    if (!host.includes('.')) names.add(`${host}.local`);
  }
  for (const list of Object.values(sources.interfaces)) {
    for (const info of list ?? []) {
      if (info.family === 'IPv6' && /^fe[89ab]/i.test(info.address)) continue;
      names.add(normalizeHost(info.address));
    }
  }
  for (const name of extra) if (name.trim()) names.add(normalizeHost(name));
  return [...names].sort();
}

/** What a shop's tablet would type: a LAN IPv4 address first, then any non-loopback name. */
export function preferredLanName(names: readonly string[]): string | undefined {
  const remote = names.filter((n) => n !== 'localhost' && !n.startsWith('127.') && n !== '::1');
  return remote.find((n) => net.isIPv4(n)) ?? remote.find((n) => !isIpAddress(n)) ?? remote[0];
}
